// Public API of the turn-order schedulers: one contract, five schemes.
export * from "./contract.ts";
export * from "./history.ts";
export * from "./count/index.ts";
export * from "./standard/index.ts";
export * from "./phase/index.ts";
export * from "./segment/index.ts";
export * from "./rotation/index.ts";
