import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  grappleEscapeOdds,
  grappleOdds,
  resolveGrapple,
  resolveGrappleEscape,
  type GrappleSnapshot,
} from "../../../src/engine/attack/grapple.ts";
import { opposedRollOdds, resolveOpposedRoll } from "../../../src/engine/attack/opposed-roll.ts";
import { resolveTrip, tripOdds } from "../../../src/engine/attack/trip.ts";
import { facePairs, share, value } from "./support.ts";

const grapple = (over: Partial<GrappleSnapshot> = {}): GrappleSnapshot => ({
  attackerVigor: 3,
  targetDexterity: 1,
  targetVigor: 4,
  resistWith: null,
  ...over,
});

describe("ROT-8 grapple", () => {
  it("ROT-8: the attacker's Vigor beats the target's higher resistance (Vigor +4 by default): 11 + 3 against 9 + 4 grapples", () => {
    const outcome = value(resolveGrapple(11, 9, grapple()));
    expect(outcome).toEqual({
      success: true,
      attackerTotal: 14,
      defenderTotal: 13,
      notes: [{ key: "TEMPO.ATTACK.Note.Grappled" }],
    });
  });

  it("ROT-8: ruling: a tie goes to the target (10 + 3 against 9 + 4 fails)", () => {
    expect(value(resolveGrapple(10, 9, grapple()))).toEqual({
      success: false,
      attackerTotal: 13,
      defenderTotal: 13,
      notes: [{ key: "TEMPO.ATTACK.Note.TieToDefender" }],
    });
  });

  it("ROT-8: the target may resist with Dexterity instead", () => {
    expect(value(resolveGrapple(10, 9, grapple({ resistWith: "dexterity" })))).toMatchObject({
      success: true,
      defenderTotal: 10,
    });
  });

  it("ROT-8: a grappled creature escapes only by winning the Vigor roll against the grappler", () => {
    expect(value(resolveGrappleEscape(12, 10, { grappledVigor: 2, grapplerVigor: 3 }))).toEqual({
      success: true,
      attackerTotal: 14,
      defenderTotal: 13,
      notes: [{ key: "TEMPO.ATTACK.Note.EscapedGrapple" }],
    });
    expect(value(resolveGrappleEscape(11, 10, { grappledVigor: 2, grapplerVigor: 3 })).success).toBe(false);
  });

  it("ROT-8: exact odds with equal bonuses — 190 of 400 face pairs win, 20 tie", () => {
    const odds = value(grappleOdds(grapple({ attackerVigor: 4 })));
    expect(odds.success).toBeCloseTo(190 / 400, 12);
    expect(odds.tie).toBeCloseTo(20 / 400, 12);
    expect(odds.failure).toBeCloseTo(190 / 400, 12);
    expect(value(grappleEscapeOdds({ grappledVigor: 0, grapplerVigor: 19 })).success).toBe(0);
  });

  it("ROT-8: odds equal brute-force enumeration over all 400 pairs of faces", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -8, max: 12 }),
        fc.integer({ min: -8, max: 12 }),
        fc.integer({ min: -8, max: 12 }),
        fc.constantFrom<"dexterity" | "vigor" | null>("dexterity", "vigor", null),
        (attackerVigor, targetDexterity, targetVigor, resistWith) => {
          const s = grapple({ attackerVigor, targetDexterity, targetVigor, resistWith });
          const odds = value(grappleOdds(s));
          expect(odds.success).toBeCloseTo(
            share(facePairs, ([a, d]) => value(resolveGrapple(a ?? 0, d ?? 0, s)).success),
            12,
          );
          expect(odds.success + odds.tie + odds.failure).toBeCloseTo(1, 12);
        },
      ),
      { numRuns: 60 },
    );
  });

  it("ROT-8: bad input returns typed errors and never throws", () => {
    expect(resolveGrapple(10, 9, grapple({ resistWith: "charisma" as "vigor" }))).toMatchObject({
      ok: false,
      error: { key: "TEMPO.ERRORS.Attack.ResistanceInvalid" },
    });
    expect(grappleOdds(grapple({ targetVigor: Number.NaN }))).toMatchObject({
      ok: false,
      error: { key: "TEMPO.ERRORS.Attack.BonusInvalid" },
    });
    expect(resolveGrappleEscape(0, 10, { grappledVigor: 2, grapplerVigor: 3 })).toMatchObject({
      ok: false,
      error: { key: "TEMPO.ERRORS.Attack.FaceInvalid" },
    });
  });
});

describe("ROT-9 trip", () => {
  const trip = { attackerDexterity: 2, targetDexterity: 2, distanceFeet: 5 };

  it("ROT-9: both roll Dexterity; a higher attacker knocks the target down at the start of its turn", () => {
    expect(value(resolveTrip(12, 11, trip))).toEqual({
      success: true,
      attackerTotal: 14,
      defenderTotal: 13,
      notes: [{ key: "TEMPO.ATTACK.Note.KnockedDownNextTurn" }],
    });
  });

  it('ROT-9: a tie fails — RULES.md asks for the attacker to be "higher"', () => {
    expect(value(resolveTrip(12, 12, trip))).toMatchObject({
      success: false,
      notes: [{ key: "TEMPO.ATTACK.Note.TieToDefender" }],
    });
  });

  it("ROT-9: the target must be within 5 ft", () => {
    expect(resolveTrip(12, 11, { ...trip, distanceFeet: 10 })).toEqual({
      ok: false,
      error: { key: "TEMPO.ERRORS.Attack.TripOutOfReach", data: { distance: "10", reach: 5 } },
    });
    expect(tripOdds({ ...trip, distanceFeet: Number.NaN }).ok).toBe(false);
  });

  it("ROT-9: Dexterity +3 against +0 trips on 247 of the 400 face pairs", () => {
    // The attacker wins when a + 3 > b. Target faces b = 1..3: every a (3 × 20 = 60);
    // b = 4..20: a > b − 3, that is 23 − b faces (19 + 18 + … + 3 = 187). 60 + 187 = 247.
    expect(value(tripOdds({ ...trip, attackerDexterity: 3, targetDexterity: 0 })).success).toBeCloseTo(247 / 400, 12);
  });

  it("ROT-9: a higher Dexterity never lowers the chance to trip; odds equal enumeration", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -8, max: 12 }),
        fc.integer({ min: -8, max: 12 }),
        fc.integer({ min: 0, max: 6 }),
        (attackerDexterity, targetDexterity, extra) => {
          const s = { attackerDexterity, targetDexterity, distanceFeet: 5 };
          const odds = value(tripOdds(s));
          expect(
            value(tripOdds({ ...s, attackerDexterity: attackerDexterity + extra })).success,
          ).toBeGreaterThanOrEqual(odds.success - 1e-12);
          expect(odds.success).toBeCloseTo(
            share(facePairs, ([a, d]) => value(resolveTrip(a ?? 0, d ?? 0, s)).success),
            12,
          );
          expect(odds.tie).toBeCloseTo(
            share(facePairs, ([a, d]) => (a ?? 0) + attackerDexterity === (d ?? 0) + targetDexterity),
            12,
          );
        },
      ),
      { numRuns: 60 },
    );
  });

  it("ROT-8, ROT-9: the opposed roll never throws on bad numbers", () => {
    fc.assert(
      fc.property(fc.double(), fc.double(), fc.double(), fc.double(), (a, d, ab, db) => {
        expect(() => resolveOpposedRoll(a, d, ab, db)).not.toThrow();
        expect(() => opposedRollOdds(ab, db)).not.toThrow();
      }),
    );
  });
});
