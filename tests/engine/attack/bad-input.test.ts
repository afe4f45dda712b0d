/**
 * Bad input from sheets, documents and chat cards: every public attack function answers a wrong
 * number, a wrong flag or a missing snapshot with a typed error whose key has an English text,
 * and never throws. Each case starts from a valid call and breaks one field at a time.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Result } from "../../../src/engine/core/result.ts";
import {
  aac0Needed,
  d20AttackOdds,
  type D20AttackSnapshot,
  descendingArmorClass,
  enhancedHitDice,
  enterStealth,
  type ExtraSources,
  flankingPenalty,
  grappleEscapeOdds,
  grappleOdds,
  type GrappleSnapshot,
  type HitDice,
  monsterAttackTable,
  opposedRollOdds,
  parseAac0,
  parseHitDice,
  type PhaseAttackInput,
  phaseAttackOdds,
  type PhaseAttackRoll,
  phaseAttackSources,
  resolveD20Attack,
  resolveGrapple,
  resolveGrappleEscape,
  resolveOpposedRoll,
  resolvePhaseAttack,
  resolveRotationAttack,
  resolveSegmentAttack,
  resolveSneakReroll,
  resolveStealthSpot,
  resolveTrip,
  rotationAttackOdds,
  type RotationAttackSnapshot,
  rotationSkillBonus,
  segmentAttackOdds,
  type SegmentAttackSnapshot,
  sneakPenalty,
  sneakRerollDistribution,
  sneakResultDistribution,
  type SneakTurn,
  type StealthObserver,
  stealthObserversWhoSee,
  stealthSpotOdds,
  stealthSpotOddsBeforeSneakRoll,
  tripOdds,
  type TripSnapshot,
} from "../../../src/engine/attack/index.ts";
import { expectTypedError, notWhole } from "./support.ts";

type Args = Readonly<Record<string, unknown>>;

/** One public function: a valid flat argument set, how to call it, and which fields must be whole numbers or booleans. */
interface Case {
  readonly name: string;
  readonly valid: Args;
  readonly call: (a: Args) => Result<unknown>;
  readonly whole: readonly string[];
  readonly flags: readonly string[];
}

// The casts below are the point of this file: they hand the engine data its types do not allow.
const as = <T>(v: unknown): T => v as T;

const d20 = (a: Args): D20AttackSnapshot =>
  as({ bonus: a["bonus"], armorClass: a["armorClass"], criticalFrom: a["criticalFrom"], mode: a["mode"] });
const segment = (a: Args): SegmentAttackSnapshot =>
  as({ aac0: a["aac0"], armorClass: a["armorClass"], modifier: a["modifier"], mode: a["mode"] });
const rotation = (a: Args): RotationAttackSnapshot =>
  as({
    skillBonus: a["skillBonus"],
    proficient: a["proficient"],
    criticalThreshold: a["criticalThreshold"],
    attackerIsPlayer: a["attackerIsPlayer"],
    defender: {
      dodge: a["dodge"],
      armor: a["armor"],
      isPlayer: a["isPlayer"],
      adjacentEnemies: a["adjacentEnemies"],
      defense: null,
      unaware: a["unaware"],
      grappled: a["grappled"],
    },
  });
const turn = (a: Args): SneakTurn =>
  as({ movedOverHalfSpeed: a["movedOverHalfSpeed"], flew: a["flew"], quietFlight: a["quietFlight"] });
const grapple = (a: Args): GrappleSnapshot =>
  as({
    attackerVigor: a["attackerVigor"],
    targetDexterity: a["targetDexterity"],
    targetVigor: a["targetVigor"],
    resistWith: null,
  });
const observer = (a: Args): StealthObserver =>
  as({ id: "guard", cognitionBonus: a["cognitionBonus"], hasLineOfSight: a["hasLineOfSight"], face: a["face"] });
const turnValid = { movedOverHalfSpeed: true, flew: true, quietFlight: false };
const turnFlags = ["movedOverHalfSpeed", "flew", "quietFlight"];
const rotationValid = {
  skillBonus: 5,
  proficient: true,
  criticalThreshold: 20,
  attackerIsPlayer: false,
  dodge: 14,
  armor: 12,
  isPlayer: false,
  adjacentEnemies: 1,
  unaware: false,
  grappled: false,
};
const rotationWhole = ["skillBonus", "criticalThreshold", "dodge", "armor", "adjacentEnemies"];
const rotationFlags = ["proficient", "attackerIsPlayer", "isPlayer", "unaware", "grappled"];

const cases: readonly Case[] = [
  {
    name: "phaseAttackSources",
    valid: { attackerTier: 2, targetTier: 1, advantage: 1, disadvantage: 0 },
    whole: ["attackerTier", "targetTier", "advantage", "disadvantage"],
    flags: [],
    call: (a) =>
      phaseAttackSources(
        as(a["attackerTier"]),
        as(a["targetTier"]),
        as<ExtraSources>({ advantage: a["advantage"], disadvantage: a["disadvantage"] }),
      ),
  },
  {
    name: "phaseAttackOdds",
    valid: { atk: 2, def: 9, advantage: 1, disadvantage: 0 },
    whole: ["atk", "def", "advantage", "disadvantage"],
    flags: [],
    call: (a) => phaseAttackOdds(as<PhaseAttackInput>(a)),
  },
  {
    name: "resolvePhaseAttack",
    valid: { atk: 1, def: 13, d1: 2, d2: 5, d3: 7 },
    whole: ["atk", "def", "d1", "d2", "d3"],
    flags: [],
    call: (a) =>
      resolvePhaseAttack(
        as<PhaseAttackRoll>({
          atk: a["atk"],
          def: a["def"],
          dice: [a["d1"], a["d2"], a["d3"]],
          pool: { dice: [6, 6, 8], keep: 2, highest: true },
        }),
      ),
  },
  {
    name: "resolveD20Attack",
    valid: { face: 10, bonus: 5, armorClass: 15, criticalFrom: 20, mode: "normal" },
    whole: ["face", "bonus", "armorClass", "criticalFrom"],
    flags: [],
    call: (a) => resolveD20Attack(as([a["face"]]), d20(a)),
  },
  {
    name: "d20AttackOdds",
    valid: { bonus: 5, armorClass: 15, criticalFrom: 20, mode: "advantage" },
    whole: ["bonus", "armorClass", "criticalFrom"],
    flags: [],
    call: (a) => d20AttackOdds(d20(a)),
  },
  {
    name: "descendingArmorClass",
    valid: { ac: 5, bonus: 2 },
    whole: ["ac", "bonus"],
    flags: [],
    call: (a) => descendingArmorClass(as(a["ac"]), as(a["bonus"])),
  },
  {
    name: "aac0Needed",
    valid: { aac0: 19, ac: -3 },
    whole: ["aac0", "ac"],
    flags: [],
    call: (a) => aac0Needed(as(a["aac0"]), as(a["ac"])),
  },
  {
    name: "resolveSegmentAttack",
    valid: { face: 18, aac0: 19, armorClass: -1, modifier: 2, mode: "normal" },
    whole: ["face", "aac0", "armorClass", "modifier"],
    flags: [],
    call: (a) => resolveSegmentAttack(as([a["face"]]), segment(a)),
  },
  {
    name: "segmentAttackOdds",
    valid: { aac0: 19, armorClass: -1, modifier: 2, mode: "disadvantage" },
    whole: ["aac0", "armorClass", "modifier"],
    flags: [],
    call: (a) => segmentAttackOdds(segment(a)),
  },
  {
    name: "enhancedHitDice",
    valid: { dice: 5, bonus: 5 },
    whole: ["dice", "bonus"],
    flags: [],
    call: (a) => enhancedHitDice(as<HitDice>(a)),
  },
  {
    name: "monsterAttackTable",
    valid: { dice: 4, bonus: 4, level: 6 },
    whole: ["dice", "bonus"],
    flags: [],
    call: (a) => monsterAttackTable(as<HitDice>({ dice: a["dice"], bonus: a["bonus"] }), as(a["level"])),
  },
  {
    name: "rotationSkillBonus",
    valid: { skillBonus: 7, proficient: false },
    whole: ["skillBonus"],
    flags: ["proficient"],
    call: (a) => rotationSkillBonus(as(a["skillBonus"]), as(a["proficient"])),
  },
  {
    name: "flankingPenalty",
    valid: { adjacentEnemies: 3 },
    whole: ["adjacentEnemies"],
    flags: [],
    call: (a) => flankingPenalty(as(a["adjacentEnemies"])),
  },
  {
    name: "resolveRotationAttack",
    valid: { face: 12, ...rotationValid },
    whole: ["face", ...rotationWhole],
    flags: rotationFlags,
    call: (a) => resolveRotationAttack(as([a["face"]]), rotation(a)),
  },
  {
    name: "rotationAttackOdds",
    valid: rotationValid,
    whole: rotationWhole,
    flags: rotationFlags,
    call: (a) => rotationAttackOdds(rotation(a)),
  },
  {
    name: "enterStealth",
    valid: { face: 14, sneakBonus: 3, enemiesWithLineOfSight: 0 },
    whole: ["face", "sneakBonus", "enemiesWithLineOfSight"],
    flags: [],
    call: (a) =>
      enterStealth(
        as(a["face"]),
        as({ sneakBonus: a["sneakBonus"], enemiesWithLineOfSight: a["enemiesWithLineOfSight"] }),
      ),
  },
  {
    name: "sneakResultDistribution",
    valid: { sneakBonus: 3 },
    whole: ["sneakBonus"],
    flags: [],
    call: (a) => sneakResultDistribution(as(a["sneakBonus"])),
  },
  {
    name: "resolveStealthSpot",
    valid: { face: 12, cognitionBonus: 3, sneakResult: 15 },
    whole: ["face", "cognitionBonus", "sneakResult"],
    flags: [],
    call: (a) =>
      resolveStealthSpot(as(a["face"]), as({ cognitionBonus: a["cognitionBonus"], sneakResult: a["sneakResult"] })),
  },
  {
    name: "stealthSpotOdds",
    valid: { cognitionBonus: 3, sneakResult: 15 },
    whole: ["cognitionBonus", "sneakResult"],
    flags: [],
    call: (a) => stealthSpotOdds(as(a)),
  },
  {
    name: "stealthSpotOddsBeforeSneakRoll",
    valid: { sneakBonus: 3, cognitionBonus: 2, penalty: 3 },
    whole: ["sneakBonus", "cognitionBonus", "penalty"],
    flags: [],
    call: (a) => stealthSpotOddsBeforeSneakRoll(as(a["sneakBonus"]), as(a["cognitionBonus"]), as(a["penalty"])),
  },
  {
    name: "stealthObserversWhoSee",
    valid: { cognitionBonus: 2, hasLineOfSight: true, face: 16, sneakResult: 17 },
    whole: ["cognitionBonus", "face", "sneakResult"],
    flags: ["hasLineOfSight"],
    call: (a) => stealthObserversWhoSee([observer(a)], as(a["sneakResult"])),
  },
  { name: "sneakPenalty", valid: turnValid, whole: [], flags: turnFlags, call: (a) => sneakPenalty(turn(a)) },
  {
    name: "resolveSneakReroll",
    valid: { face: 14, sneakBonus: 3, ...turnValid },
    whole: ["face", "sneakBonus"],
    flags: turnFlags,
    call: (a) => resolveSneakReroll(as(a["face"]), as(a["sneakBonus"]), turn(a)),
  },
  {
    name: "sneakRerollDistribution",
    valid: { sneakBonus: 3, ...turnValid },
    whole: ["sneakBonus"],
    flags: turnFlags,
    call: (a) => sneakRerollDistribution(as(a["sneakBonus"]), turn(a)),
  },
  {
    name: "resolveOpposedRoll",
    valid: { a: 12, d: 11, ab: 2, db: 2 },
    whole: ["a", "d", "ab", "db"],
    flags: [],
    call: (a) => resolveOpposedRoll(as(a["a"]), as(a["d"]), as(a["ab"]), as(a["db"])),
  },
  {
    name: "opposedRollOdds",
    valid: { ab: 2, db: 2 },
    whole: ["ab", "db"],
    flags: [],
    call: (a) => opposedRollOdds(as(a["ab"]), as(a["db"])),
  },
  {
    name: "resolveGrapple",
    valid: { a: 11, d: 9, attackerVigor: 3, targetDexterity: 1, targetVigor: 4 },
    whole: ["a", "d", "attackerVigor", "targetDexterity", "targetVigor"],
    flags: [],
    call: (a) => resolveGrapple(as(a["a"]), as(a["d"]), grapple(a)),
  },
  {
    name: "grappleOdds",
    valid: { attackerVigor: 3, targetDexterity: 1, targetVigor: 4 },
    whole: ["attackerVigor", "targetDexterity", "targetVigor"],
    flags: [],
    call: (a) => grappleOdds(grapple(a)),
  },
  {
    name: "resolveGrappleEscape",
    valid: { a: 12, d: 10, grappledVigor: 2, grapplerVigor: 3 },
    whole: ["a", "d", "grappledVigor", "grapplerVigor"],
    flags: [],
    call: (a) =>
      resolveGrappleEscape(
        as(a["a"]),
        as(a["d"]),
        as({ grappledVigor: a["grappledVigor"], grapplerVigor: a["grapplerVigor"] }),
      ),
  },
  {
    name: "grappleEscapeOdds",
    valid: { grappledVigor: 2, grapplerVigor: 3 },
    whole: ["grappledVigor", "grapplerVigor"],
    flags: [],
    call: (a) => grappleEscapeOdds(as(a)),
  },
  {
    name: "resolveTrip",
    valid: { a: 12, d: 11, attackerDexterity: 2, targetDexterity: 2 },
    whole: ["a", "d", "attackerDexterity", "targetDexterity"],
    flags: [],
    call: (a) =>
      resolveTrip(
        as(a["a"]),
        as(a["d"]),
        as<TripSnapshot>({
          attackerDexterity: a["attackerDexterity"],
          targetDexterity: a["targetDexterity"],
          distanceFeet: 5,
        }),
      ),
  },
  {
    name: "tripOdds",
    valid: { attackerDexterity: 2, targetDexterity: 2 },
    whole: ["attackerDexterity", "targetDexterity"],
    flags: [],
    call: (a) =>
      tripOdds(
        as<TripSnapshot>({
          attackerDexterity: a["attackerDexterity"],
          targetDexterity: a["targetDexterity"],
          distanceFeet: 5,
        }),
      ),
  },
];

const notBoolean: fc.Arbitrary<unknown> = fc.anything().filter((v) => typeof v !== "boolean");
const notRecord: fc.Arbitrary<unknown> = fc.anything().filter((v) => typeof v !== "object" || v === null);

describe("attack input checks", () => {
  it("every case's valid call succeeds (so a failure below is the broken field's doing)", () => {
    for (const c of cases) expect({ name: c.name, ok: c.call(c.valid).ok }).toEqual({ name: c.name, ok: true });
  });

  for (const c of cases) {
    it(`${c.name}: a field that is not a whole number, or a flag that is not a boolean, is a typed error`, () => {
      for (const field of c.whole)
        fc.assert(
          fc.property(notWhole, (bad) => expectTypedError(c.call({ ...c.valid, [field]: bad }), "TEMPO.ERRORS.")),
          { numRuns: 40 },
        );
      for (const field of c.flags)
        fc.assert(
          fc.property(notBoolean, (bad) =>
            expectTypedError(c.call({ ...c.valid, [field]: bad }), "TEMPO.ERRORS.Attack."),
          ),
          { numRuns: 40 },
        );
    });
  }

  it("snapshots, faces and observer lists that are not objects or arrays are typed errors", () => {
    fc.assert(
      fc.property(notRecord, (bad) => {
        const snapshot = as<never>(bad);
        for (const r of [
          d20AttackOdds(snapshot),
          resolveD20Attack([10], snapshot),
          segmentAttackOdds(snapshot),
          resolveSegmentAttack([10], snapshot),
          rotationAttackOdds(snapshot),
          resolveRotationAttack([10], snapshot),
          rotationAttackOdds({ ...rotation(rotationValid), defender: snapshot }),
          enhancedHitDice(snapshot),
          monsterAttackTable(snapshot, null),
          enterStealth(10, snapshot),
          resolveStealthSpot(10, snapshot),
          stealthSpotOdds(snapshot),
          sneakPenalty(snapshot),
          stealthObserversWhoSee(snapshot, 10),
          stealthObserversWhoSee([snapshot], 10),
          grappleOdds(snapshot),
          resolveGrapple(10, 10, snapshot),
          grappleEscapeOdds(snapshot),
          resolveGrappleEscape(10, 10, snapshot),
          tripOdds(snapshot),
          resolveTrip(10, 10, snapshot),
          phaseAttackOdds(snapshot),
          resolvePhaseAttack(snapshot),
          // An omitted (undefined) third argument means "no other sources", so only null and the like are wrong.
          phaseAttackSources(1, 1, bad === undefined ? as<never>(null) : snapshot),
          resolveD20Attack(snapshot, d20({ bonus: 0, armorClass: 10, criticalFrom: 20, mode: "normal" })),
        ])
          expectTypedError(r, "TEMPO.ERRORS.");
      }),
      { numRuns: 60 },
    );
  });

  it("text fields (AAC0, hit dice) that are not text or not readable are typed errors", () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.anything().filter((v) => typeof v !== "string"),
          fc.string().filter((t) => !/\d/.test(t)),
        ),
        (bad) => {
          expectTypedError(parseAac0(as(bad)), "TEMPO.ERRORS.Attack.Aac0Invalid");
          expectTypedError(parseHitDice(as(bad)), "TEMPO.ERRORS.Attack.HitDice");
        },
      ),
    );
  });

  it("every public function, given anything at all, returns a result and never throws", () => {
    fc.assert(
      fc.property(fc.anything(), fc.anything(), fc.anything(), (x, y, z) => {
        for (const c of cases) {
          const broken = {
            ...c.valid,
            [c.whole[0] ?? c.flags[0] ?? "x"]: x,
            [c.flags[0] ?? c.whole[1] ?? "y"]: y,
            [c.whole[c.whole.length - 1] ?? "z"]: z,
          };
          expect(typeof c.call(broken).ok).toBe("boolean");
        }
        expect(typeof parseAac0(as(x)).ok).toBe("boolean");
        expect(typeof parseHitDice(as(x)).ok).toBe("boolean");
        expect(typeof monsterAttackTable({ dice: 4, bonus: 0 }, as(y)).ok).toBe("boolean");
      }),
      { numRuns: 100 },
    );
  });
});
