/**
 * Issue 18: an engine refusal names a creature by id; every host formats it through `formatMessage`
 * (Foundry's notices and both hosts' templates), which reads the id as the creature's name as the
 * viewer may know it. Checked over every refusal of lang/en.json (but an encounter's, whose ids are the
 * group ids its author typed) with every placeholder filled: no raw id is ever printed.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { I18nKey } from "../../src/engine/index.ts";
import { formatMessage } from "../../src/view/handlebars/register-helpers.ts";
import { creatureNamesOf } from "../../src/view/i18n/creature-names.ts";
import { createLocalizer, type Dictionary } from "../../src/view/i18n/localizer.ts";
import { readText } from "../support/source-files.ts";

const en = JSON.parse(readText("lang/en.json")) as Dictionary;
const i18n = createLocalizer(en);

/** Every refusal key (TEMPO.ERRORS.…) with the placeholders of its sentence. */
function refusals(node: Dictionary, path: string): [I18nKey, string[]][] {
  return Object.entries(node).flatMap(([key, value]) =>
    typeof value === "string"
      ? [[`${path}.${key}` as I18nKey, [...value.matchAll(/\{(\w+)\}/g)].map((m) => m[1] ?? "")]]
      : refusals(value, `${path}.${key}`),
  );
}
const ERRORS = (en.TEMPO as Dictionary).ERRORS as Dictionary;
const KEYS = refusals(ERRORS, "TEMPO.ERRORS").filter(([key]) => !key.startsWith("TEMPO.ERRORS.Encounter."));

const ID = fc.stringMatching(/^[A-Za-z0-9]{16}$/);
const creature = fc.record({
  id: ID,
  name: fc.constantFrom("Goblin", "Ilsa", "Brute"),
  hidden: fc.boolean(),
  known: fc.boolean(),
});

describe("engine refusals name creatures, never their ids (issue 18)", () => {
  it("every refusal, formatted for a GM or a player, prints each creature's name as that viewer may know it, 'an unseen creature' for a hidden one to a player, 'an unknown creature' for one the page does not know, and never an id", () => {
    expect(KEYS.length).toBeGreaterThan(300);
    fc.assert(
      fc.property(creature, creature, fc.boolean(), (subject, target, isGM) => {
        const page = [subject, target].filter((c) => c.known);
        const localizer = {
          ...i18n,
          creatureName: creatureNamesOf(page, isGM, i18n.localize("TEMPO.CHAT.UnseenCreature")),
        };
        const shown = (c: typeof subject) =>
          !c.known ? "an unknown creature" : c.hidden && !isGM ? "an unseen creature" : c.name;
        const wrong: string[] = [];
        for (const [key, fields] of KEYS) {
          const data = Object.fromEntries(
            fields.map((f) => [
              f,
              f === "id" ? subject.id : f === "targetId" ? target.id : f === "requestId" ? "segment-7" : "5",
            ]),
          );
          const text = formatMessage(localizer, { key, data });
          const raw = [subject.id, target.id, "segment-7"].some((id) => text.includes(id));
          const named =
            (!fields.includes("id") || text.includes(shown(subject))) &&
            (!fields.includes("targetId") || text.includes(shown(target)));
          if (raw || !named) wrong.push(`${key}: ${text}`);
        }
        expect(wrong).toEqual([]);
      }),
      { numRuns: 20 },
    );
  });
});
