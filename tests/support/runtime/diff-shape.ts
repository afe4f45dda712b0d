/** Plain objects, as the model's updates and sources hold them (diff.ts, operators.ts). */
export type Obj = Record<string, unknown>;

export const isObj = (v: unknown): v is Obj => typeof v === "object" && v !== null && !Array.isArray(v);
