import { describe, expect, it } from "vitest";
import { enrichActorInput } from "../../src/foundry/applications/sheets/sheet-enrich.ts";
import { sampleActorInput } from "../../src/preview/sample-sheets.ts";
import { buildActorSheetContext } from "../../src/view/sheets/actor-sheet-context.ts";

/** Core's enricher turns `@UUID[…]{label}` into a content link (Foundry's "Enrichers" article); enough of it here. */
async function enrich(html: string): Promise<string> {
  return html.replace(/@UUID\[([^\]]+)\]\{([^}]+)\}/g, '<a class="content-link" data-uuid="$1">$2</a>');
}

function withBiography(mode: "play" | "edit", biography: string) {
  const input = sampleActorInput({ kind: "character", ruleset: "count", mode, combat: null });
  return { ...input, actor: { ...input.actor, biography } };
}

describe("actor sheet biography enrichment", () => {
  const stored = "<p>Sworn to @UUID[Actor.abc123]{the Ogre}.</p>";

  it("play mode shows the enriched biography: a document reference becomes a link", async () => {
    const context = buildActorSheetContext(await enrichActorInput(withBiography("play", stored), enrich));
    expect(context.biography.html).toBe(
      '<p>Sworn to <a class="content-link" data-uuid="Actor.abc123">the Ogre</a>.</p>',
    );
  });

  it("edit mode keeps the stored HTML for the text area, so saving never writes the enriched copy back", async () => {
    let calls = 0;
    const counting = async (html: string) => {
      calls += 1;
      return enrich(html);
    };
    const context = buildActorSheetContext(await enrichActorInput(withBiography("edit", stored), counting));
    expect(context.biography).toMatchObject({ html: stored, editing: true });
    expect(calls).toBe(0);
  });
});
