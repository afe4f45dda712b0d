/** The controls a built tracker context draws, for tests that press them as a user would. */

export interface DrawnControl {
  readonly action: string;
  readonly combatantId: unknown;
  /** The engine command a command control sends, as its `data-command` JSON. */
  readonly command: unknown;
  readonly disabled: unknown;
}

/** Every control in a tracker context, wherever the ruleset's body puts it. */
export function controlsIn(value: unknown, out: DrawnControl[] = []): DrawnControl[] {
  if (Array.isArray(value)) for (const v of value) controlsIn(v, out);
  else if (typeof value === "object" && value !== null) {
    const o = value as Record<string, unknown>;
    if (typeof o.action === "string" && "combatantId" in o && "disabled" in o)
      out.push({ action: o.action, combatantId: o.combatantId, command: o.command, disabled: o.disabled });
    for (const v of Object.values(o)) controlsIn(v, out);
  }
  return out;
}
