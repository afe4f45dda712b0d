/**
 * Which Foundry generation the runtime model plays: v13 (the default) or v14. The foundry test layer runs
 * twice, once per generation (vitest.config.ts: the `foundry` and `foundry-v14` projects, whose setup files
 * call `selectGeneration`); a test file may also ask for one world of a given generation
 * (`installFoundryWorld(seed, { generation })`).
 *
 * What a generation changes in the model, each with its source, lives where the model is built
 * (foundry-world.ts, chat.ts, combat-tracker-model.ts, document.ts, compatibility.ts). Here: the release
 * data core exposes. `game.release.generation` is "the major generation of the Release", `build` its
 * build number and `version` "a formatted string for Version compatibility checking, such as 9.150"
 * (API `foundry.config.ReleaseData`, https://foundryvtt.com/api/v10/classes/foundry.config.ReleaseData.html;
 * `game.version` is the same string). Star Wars FFG PR #2280
 * modules/compatibility/foundry-version.js reads `game.release.generation ?? version.split(".")[0]`).
 * The builds are the stable ones public systems declare: 13.351 (dnd5e 5.3 `minimum 13.347`), 14.359
 * (dnd5e 6.0 `minimum 14.359`).
 */
export type Generation = 13 | 14;

const KEY = Symbol.for("tempo.runtime.generation");

/** Sets the generation the worlds of this file are made in (a vitest setup file calls it). */
export function selectGeneration(generation: Generation): void {
  Reflect.set(globalThis, KEY, generation);
}

/** The generation selected for this file's worlds (13 unless a setup file chose 14). */
export function selectedGeneration(): Generation {
  return Reflect.get(globalThis, KEY) === 14 ? 14 : 13;
}

export interface ReleaseModel {
  readonly generation: Generation;
  readonly build: number;
}

export function releaseOf(generation: Generation): ReleaseModel {
  return { generation, build: generation === 14 ? 359 : 351 };
}

export const versionOf = (generation: Generation): string => `${generation}.${releaseOf(generation).build}`;

/** The generation of the running world (runtime.ts sets it when it is made; the model's parts read it). */
export const worldGeneration: { current: Generation } = { current: 13 };
