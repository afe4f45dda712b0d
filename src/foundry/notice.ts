/**
 * Shows a reason (an engine Message) to this user as a warning notification. A leaf module: the
 * documents, the command queue, the writes, the sheets, the tracker and the chat cards all call it.
 * `tempo.notice` is the query by which the GM shows one to another user (combat/tell-user.ts);
 * combat/queries.ts registers its handler.
 */
import type { Message } from "../engine/index.ts";
import { localizeMessage } from "./localize.ts";

export const NOTICE_QUERY = "tempo.notice";

/** Shows a reason to the user it is meant for. */
export function showNotice(message: Message): void {
  ui.notifications?.warn(localizeMessage(message));
}
