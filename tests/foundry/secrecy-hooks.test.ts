/**
 * Issue 18 item 3: who is secret (no player owner, hidden) is kept per combat and looked up again after a
 * change it follows from (combat/secrecy.ts `registerSecrecyHooks`, through document-changes.ts). A
 * creature that stops having a player owner mid-round has what the published state withholds from an NPC
 * withheld from the next step on: its unrevealed segment declaration (SEG-2).
 */
import { afterAll, describe, expect, it } from "vitest";
import { installTempoWorld, storedSource, type Tempo } from "../support/tempo-encounter.ts";
import { declaration } from "../support/secrets-probe.ts";
import { OWNERSHIP } from "../support/runtime/permissions.ts";
import type { ActorModel } from "../support/runtime/actor.ts";

const t = await installTempoWorld(23);
const { world } = t;
afterAll(() => world.uninstall());

/**
 * A segment combat whose player character, whose actor `t.owner` owns (and no one else), has declared a
 * 6-segment spell.
 */
async function declared(): Promise<{
  combat: Tempo;
  hero: ActorModel;
  pc: Combatant.Implementation;
  npc: Combatant.Implementation;
}> {
  const hero = await world.addActor("Hero", [t.owner.id]);
  const combat = await t.encounter("segment", 3, undefined, (i) => (i === 0 ? { actorId: hero.id, owners: [] } : {}));
  await combat.startCombat();
  await world.idle();
  const [pc, npc] = combat.combatants.contents;
  if (pc === undefined || npc === undefined) throw new Error("no combatants");
  const spell = declaration({ action: "spell", castingTime: 6, targetId: npc.id });
  await world.as(t.owner, () => combat.tempoCommand({ type: "declare", combatantId: pc.id ?? "", declaration: spell }));
  await world.idle();
  expect(published(combat)).toContain('"castingTime":6');
  return { combat, hero, pc, npc };
}

const published = (combat: Tempo) => JSON.stringify(storedSource(combat).engine);

/** The GM's next step: the NPC declares. */
async function nextStep(combat: Tempo, npc: Combatant.Implementation): Promise<void> {
  await combat.tempoCommand({ type: "declare", combatantId: npc.id ?? "", declaration: declaration({}) });
  await world.idle();
}

describe("who is secret follows the documents (issue 18 item 3)", () => {
  it("SEG-2: a creature whose actor the GM takes from its player has its declaration withheld from the next step on", async () => {
    const { combat, hero, pc, npc } = await declared();
    await hero.update({ ownership: { [t.owner.id]: OWNERSHIP.NONE } });
    await world.idle();
    expect(pc.hasPlayerOwner).toBe(false);
    await nextStep(combat, npc);
    expect(published(combat)).not.toContain('"castingTime":6');
  });

  it("SEG-2: a creature whose actor is deleted has its declaration withheld from the next step on", async () => {
    const { combat, hero, pc, npc } = await declared();
    await hero.delete();
    await world.idle();
    expect(pc.hasPlayerOwner).toBe(false);
    await nextStep(combat, npc);
    expect(published(combat)).not.toContain('"castingTime":6');
  });
});
