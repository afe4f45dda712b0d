/**
 * The d20 rolls the other rulesets use: a plain d20, or two d20 keeping the higher (advantage,
 * e.g. STL-3's ruling) or the lower (disadvantage).
 */
import type { Distribution } from "./distribution.ts";
import { die } from "./distribution.ts";

export type D20RollMode = "normal" | "advantage" | "disadvantage";

/** STL-3: exact distribution of one d20 (normal) or of 2d20kh1 (advantage) / 2d20kl1; `mode` is one of the three (attack code checks it). */
export function d20Distribution(mode: D20RollMode): Distribution {
  if (mode === "normal") return die(20);
  // P(max = x) = (2x - 1) / 400; P(min = x) = (41 - 2x) / 400.
  const probs = Array.from({ length: 20 }, (_, i) => (mode === "advantage" ? 2 * (i + 1) - 1 : 41 - 2 * (i + 1)) / 400);
  return { min: 1, probs };
}

/** STL-3: the Foundry formula for the d20 roll: "1d20", "2d20kh1" (advantage) or "2d20kl1". */
export function d20Formula(mode: D20RollMode): string {
  return mode === "normal" ? "1d20" : mode === "advantage" ? "2d20kh1" : "2d20kl1";
}
