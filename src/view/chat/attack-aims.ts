/**
 * CNT-7, CNT-12 (issue 19): the attacks of one count action aimed at different creatures. The seed lets a
 * creature "declare different targets for multiple attacks" (a reaction may later redirect any number of
 * them onto one target), so the attack dialog offers, beside the number of attacks, one "Attack k at"
 * choice per attack the chosen number makes (redrawn when it changes), among the user's targets; the last
 * aims are remembered per actor with the dialog's other choices. Shown only where it can matter: a
 * count combat, a weapon that may make several attacks, two targets or more. **Ruling:** an attack is
 * made against one creature; attack k is aimed at the k-th target by default (wrapping round when there
 * are more attacks than targets). A cleave is one roll against every creature in its cone and takes no aim.
 */
import { err, ok, type Message, type Result } from "../../engine/index.ts";
import type { AttackChoices, AttackOptions } from "./attack-options.ts";

/** One "Attack k at" select of the dialog. */
export interface AimField {
  readonly name: string;
  readonly label: Message;
  readonly choices: readonly { readonly value: string; readonly label: Message; readonly selected: boolean }[];
}

const FIELD = "aim";

/** The form field of attack `k` (1-based). */
export const aimFieldName = (k: number): string => `${FIELD}${k}`;

/** Whether the dialog aims each attack: a count weapon that may make several attacks, two targets or more. */
export function aimsOffered(options: AttackOptions, targets: number): boolean {
  return options.ruleset === "count" && options.attacks !== null && targets >= 2;
}

/** The aim of attack k: the one given while still in range, else target (k − 1) mod n. */
function startAim(k: number, targets: number, given: readonly number[] | null): number {
  const kept = given?.[k - 1];
  return kept !== undefined && Number.isInteger(kept) && kept >= 0 && kept < targets ? kept : (k - 1) % targets;
}

/**
 * The selects, one per attack the choices make (the chosen number; one for a charged attack; none for a
 * cleave or where no aim is offered), each starting at the aim `given` for it (the form's, or the actor's
 * remembered ones) when still in range.
 */
export function attackAimFields(
  options: AttackOptions,
  choices: AttackChoices,
  targets: readonly string[],
  given: readonly number[] | null = null,
): AimField[] {
  if (!aimsOffered(options, targets.length) || choices.cleave) return [];
  const made = choices.charged ? 1 : choices.attacks;
  return Array.from({ length: made }, (_, i) => {
    const aim = startAim(i + 1, targets.length, given);
    return {
      name: aimFieldName(i + 1),
      label: { key: "TEMPO.ATTACK.Dialog.AimAt", data: { attack: i + 1 } },
      choices: targets.map((name, t) => ({
        value: String(t),
        label: { key: "TEMPO.ATTACK.Dialog.AimTarget", data: { name } },
        selected: t === aim,
      })),
    };
  });
}

/**
 * The target (an index into the targets) of each attack the choices make, read from the submitted form;
 * null where no aim applies (not offered, or a cleave). A select naming no target is refused.
 */
export function attackAimsFromForm(
  options: AttackOptions,
  choices: AttackChoices,
  targets: number,
  fields: Readonly<Record<string, string>>,
): Result<readonly number[] | null> {
  if (!aimsOffered(options, targets) || choices.cleave) return ok(null);
  const made = choices.charged ? 1 : choices.attacks;
  const aims: number[] = [];
  for (let k = 1; k <= made; k++) {
    const typed = fields[aimFieldName(k)];
    if (typed === undefined) {
      aims.push((k - 1) % targets);
      continue;
    }
    const aim = /^\d+$/.test(typed) ? Number(typed) : -1;
    if (aim < 0 || aim >= targets) return err("TEMPO.ATTACK.Dialog.AimUnknown", { value: typed });
    aims.push(aim);
  }
  return ok(aims);
}

/** CNT-7: the aims as form fields (`aim1`: "0", …), to start a dialog at remembered aims. */
export function aimFieldsOf(aims: readonly number[] | null): Record<string, string> {
  const fields: Record<string, string> = {};
  (aims ?? []).forEach((aim, i) => (fields[aimFieldName(i + 1)] = String(aim)));
  return fields;
}

/** CNT-7: "Attack k at Name" lines of the preview, for the attacks the choices make. */
export function aimLines(aims: readonly number[] | null, targets: readonly string[]): Message[] {
  if (aims === null) return [];
  return aims.map((t, i) => ({ key: "TEMPO.ATTACK.Dialog.AimLine", data: { attack: i + 1, name: targets[t] ?? "?" } }));
}
