// Public API of the count-up track scheduler.
export * from "./order.ts";
