import { describe, expect, it } from "vitest";
import { createHandlebarsHost } from "../../src/preview/handlebars-host.ts";
import { CARD_SAMPLES } from "../../src/preview/card-samples.ts";
import { CHAT_CARD_TEMPLATES, buildChatCard, type ChatCard } from "../../src/view/chat/chat-cards.ts";
import { readText } from "../support/source-files.ts";

const en = JSON.parse(readText("lang/en.json")) as Record<string, never>;
const host = createHandlebarsHost(en);
const GM = { isGM: true, owns: false, showOdds: true };
const PLAYER = { isGM: false, owns: true, showOdds: false };

function render(card: ChatCard, viewer = GM): string {
  return host.compile(readText(CHAT_CARD_TEMPLATES[card.type]), { strict: false })(buildChatCard(card, viewer));
}

function sample(id: string): ChatCard {
  const found = CARD_SAMPLES.find((s) => s.id === id);
  if (found === undefined) throw new Error(id);
  return found.card;
}

const text = (html: string) => html.replace(/<[^>]+>/g, " ").replace(/\s+/g, " ");

describe("chat card templates", () => {
  it.each(CARD_SAMPLES.map((s) => [s.id, s.card] as const))("%s renders every key localized", (_id, card) => {
    const html = render(card);
    expect(html).toContain('class="tempo-card ');
    expect(html).not.toMatch(/TEMPO\.[A-Z]/);
  });

  it("SEG-12: the segment attack card says Hit in words with an icon, the rule and the six-20s sentence", () => {
    const html = text(render(sample("attack-segment")));
    expect(html).toContain("✔ Hit");
    expect(html).toContain("SEG-12");
    expect(html).toContain("AAC0 19 against AC -3 gives 22, which the table reads as 20");
    expect(html).toMatch(/Chance to hit: \d+\.\d%/);
  });

  it("ATK-ROT-2: the rotation card names the tie rule; a player without odds sees no chance", () => {
    const gm = text(render(sample("attack-rotation")));
    expect(gm).toContain("ATK-ROT-2");
    expect(gm).toContain("a tie goes to the player character");
    expect(text(render(sample("attack-rotation"), PLAYER))).not.toContain("Chance to hit");
  });

  it("the d20 card marks the die it did not keep (advantage) for screen readers too", () => {
    const html = render(sample("attack-standard"));
    expect(html).toMatch(/is-dropped">7<span class="tempo-visually-hidden"> \(not kept\)/);
    expect(text(html)).toContain("Ruling");
  });

  it("DR-2: the damage card shows the kind, the DR family, damage after DR and a labelled Apply button", () => {
    const html = render(sample("damage-rotation"));
    expect(text(html)).toContain("1d8+2 · Slashing");
    expect(html).toMatch(/<button type="button" class="tempo-card__button" data-tempo-card-action="apply">/);
    expect(text(html)).toContain("Apply 12 to Raider");
    expect(html).not.toContain("data-action=");
  });

  it("ATK-ROT-4: a critical's damage card says the maximum on its own line and Apply includes it", () => {
    const card = sample("damage-rotation");
    if (card.type !== "damage") throw new Error("sample");
    const html = text(render({ type: "damage", input: { ...card.input, criticalBonus: 10 } }));
    expect(html).toContain("Critical: +10, the weapon&#x27;s maximum");
    // 7 + 10, 4, 10 less DR 3 per hit: 14 + 1 + 7.
    expect(html).toContain("Apply 22 to Raider");
  });

  it("OSH-1: after Apply the damage card lists what changed per creature in words and offers Undo", () => {
    const card = sample("damage-rotation");
    if (card.type !== "damage") throw new Error("sample");
    const applied = [
      {
        actorUuid: "Actor.r",
        name: "Raider",
        before: { hp: 30, overshield: 6 },
        after: { hp: 24, overshield: 0 },
        notes: [{ key: "TEMPO.DAMAGE.Step.ShieldBroken" as const }],
      },
    ];
    const html = render({ type: "damage", input: { ...card.input, applied } });
    expect(text(html)).toContain("Raider hit points 30 → 24 overshield 6 → 0 The overshield breaks.");
    expect(html).toContain('data-tempo-card-action="undo"');
    expect(html).not.toContain('data-tempo-card-action="apply"');
    expect(html).not.toMatch(/TEMPO\.[A-Z]/);
  });

  it("Ruling (spell save): the spell's save card says who rolls, the ability and DC, and each outcome", () => {
    const html = text(render(sample("save-spell")));
    expect(html).toContain("The GM rolls this save for Golem.");
    expect(html).toContain("DEX save against DC 12 (Mirela&#x27;s Fireburst).");
    expect(html).toContain("On a success: half the damage of Fireburst.");
    expect(html).toContain("On a failure: the full damage of Fireburst.");
    expect(html).toContain("Roll 1d20 + 1: 12 or more succeeds.");
  });

  it("PHS-12 and SEG-10: a rolled save says the outcome; a waiting one offers its owner the roll", () => {
    expect(text(render(sample("save-end-phase")))).toContain("✔ Success");
    const waiting = render(sample("save-concentration"), PLAYER);
    expect(waiting).toContain('data-tempo-card-action="roll"');
    expect(text(waiting)).toContain("Waiting for Mirela to roll.");
  });

  it("CNT-6: the pending card names the action as the tracker does and links to its row", () => {
    const html = render(sample("pending-count"));
    expect(html).toContain('data-entry-key="pending:a1"');
    expect(html).toContain('data-tempo-card-action="openRow"');
    expect(text(html)).toContain("Count 7");
  });
});
