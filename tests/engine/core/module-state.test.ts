/**
 * The engine keeps no state between calls (ARCHITECTURE: "State is data", "Transitions are pure"): no
 * module-level variables and no module-level maps. A cache keyed by object identity would make a state
 * rebuilt from its JSON copy (a reload, an undo) take other paths than the object it was copied from.
 */
import { describe, expect, it } from "vitest";
import { listFiles, readText } from "../../support/source-files.ts";

/** Top-level declarations that hold state across calls: `let`/`var`, or a Map, WeakMap, WeakSet or WeakRef. */
const MODULE_STATE =
  /^(?:export\s+)?(?:let|var)\s|^(?:export\s+)?const\s+\w+\s*(?::[^=]+)?=\s*new\s+(?:Map|WeakMap|WeakSet|WeakRef)\b/;

describe("engine: no state kept between calls", () => {
  it("no source file under src/engine declares a module-level variable or map", () => {
    const found = listFiles("src/engine", [".ts"]).flatMap((path) =>
      readText(path)
        .split("\n")
        .flatMap((line, i) => (MODULE_STATE.test(line) ? [`${path}:${i + 1}: ${line.trim()}`] : [])),
    );
    expect(found).toEqual([]);
  });
});
