/**
 * Every attack the suite tries (tests/foundry/attack-suite.test.ts). Issue 18 item 4 (cards that cannot
 * be forged) brings the chat and socket ones; the combatant-field, roster and status attacks of the
 * issue's other items are lists of the same shape, added here.
 */
import type { Attack } from "./attack.ts";
import { CARD_ATTACKS } from "./card-attacks.ts";
import { COMBATANT_ATTACKS } from "./combatant-attacks.ts";
import { CRITICAL_ATTACKS } from "./critical-attacks.ts";
import { DAMAGE_ATTACKS } from "./damage-attacks.ts";
import { QUERY_ATTACKS } from "./query-attacks.ts";
import { SOCKET_ATTACKS } from "./socket-attacks.ts";

export const ATTACKS: readonly Attack[] = [
  ...DAMAGE_ATTACKS,
  ...CRITICAL_ATTACKS,
  ...CARD_ATTACKS,
  ...SOCKET_ATTACKS,
  ...QUERY_ATTACKS,
  ...COMBATANT_ATTACKS,
];
