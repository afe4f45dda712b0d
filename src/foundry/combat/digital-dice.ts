/**
 * Issue 17: whether this page rolls every die digitally, so that dice rolled ahead of a click (a step the
 * GM's page works out while idle: prepared-next.ts) are the dice the click itself would have rolled.
 *
 * Since v12 a user may have chosen another fulfillment for a die (Dice Configuration: manual entry, or a
 * method a module adds, such as physical dice readers), kept in core's client setting
 * `core.diceConfiguration` (denomination → method, "" for the default) over the world's default
 * `CONFIG.Dice.fulfillment.defaultMethod` (empty: the configured random generator); modules that read and
 * write it (Rollsight, More Manual Dice Rolls) use both. Such a die would prompt the user when rolled, so a
 * page with one rolls nothing ahead: its clicks roll their own dice, prompts and all. Anything unreadable
 * counts as not digital.
 */
export function digitalDiceOnly(): boolean {
  try {
    const fulfillment = (CONFIG as { Dice?: { fulfillment?: { defaultMethod?: unknown } } }).Dice?.fulfillment;
    if (typeof fulfillment?.defaultMethod === "string" && fulfillment.defaultMethod !== "") return false;
    const chosen: unknown = (game.settings.get as (namespace: string, key: string) => unknown)(
      "core",
      "diceConfiguration",
    );
    if (chosen === undefined || chosen === null) return true;
    if (typeof chosen !== "object") return false;
    return Object.values(chosen).every((method) => method === "" || method === null || method === undefined);
  } catch {
    return false;
  }
}
