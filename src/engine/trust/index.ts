// Issue 18, "cards that cannot be forged": what the GM's client trusts of a card or a request.
export * from "./recorded-roll.ts";
export * from "./save-roll.ts";
export * from "./trusted-damage.ts";
export * from "./apply-ledger.ts";
export * from "./request-rate.ts";
export * from "./attack-verdict.ts";
export * from "./sealed-attack.ts";
