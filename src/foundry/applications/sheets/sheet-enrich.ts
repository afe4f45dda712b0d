/**
 * HTML fields as a sheet shows them: enriched (links to documents, inline rolls, secrets only for owners)
 * by core's `TextEditor.implementation.enrichHTML` in `_prepareContext`, as v13 systems do (Penombre's
 * and Tenebris' ApplicationV2 sheets call `foundry.applications.ux.TextEditor.implementation.enrichHTML`
 * on their description fields there). Edit mode keeps the stored HTML: the text area edits the source,
 * never the enriched copy.
 */
import type { ActorSheetInput } from "../../../view/sheets/sheet-input.ts";

/** Turns stored HTML into what a reader sees. */
export type Enrich = (html: string) => Promise<string>;

/** The actor sheet's input with its biography enriched in play mode (unchanged in edit mode or when empty). */
export async function enrichActorInput(input: ActorSheetInput, enrich: Enrich): Promise<ActorSheetInput> {
  if (input.mode === "edit" || input.actor.biography.trim() === "") return input;
  return { ...input, actor: { ...input.actor, biography: await enrich(input.actor.biography) } };
}

/** Core's enricher for `document`'s fields: secrets are shown to its owners only. */
export function foundryEnricher(document: Actor.Implementation, isOwner: boolean): Enrich {
  return (html) =>
    foundry.applications.ux.TextEditor.implementation.enrichHTML(html, { secrets: isOwner, relativeTo: document });
}
