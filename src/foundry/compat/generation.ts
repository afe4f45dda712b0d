/**
 * The one place Tempo asks which Foundry generation it runs on (issue 20: one build for v13 and v14,
 * version checks nowhere else in src; the other modules of this folder branch on it).
 *
 * `game.release.generation` is "the major generation of the Release" and `game.version` the
 * "generation.build" string such as "13.351" (API `foundry.config.ReleaseData`,
 * https://foundryvtt.com/api/v10/classes/foundry.config.ReleaseData.html, unchanged in v13 and v14); Star
 * Wars FFG, which runs on both, reads `game.release.generation ?? version.split(".")[0]` the same way
 * (StarWarsFoundryVTT/StarWarsFFG PR #2280, modules/compatibility/foundry-version.js).
 *
 * Read on every call, never at module top level: `game` does not exist while the module is evaluated,
 * and each page (each `game`) answers for itself (src/foundry/page-key.ts).
 */

/** The major generation of the running Foundry (13, 14, …). */
export function foundryGeneration(): number {
  const release = (game as { release?: { generation?: unknown } }).release;
  if (typeof release?.generation === "number") return release.generation;
  return Number(String((game as { version?: unknown }).version ?? "").split(".")[0]);
}

/** Whether the running Foundry is generation `n` or later. */
export const isGenerationAtLeast = (n: number): boolean => foundryGeneration() >= n;
