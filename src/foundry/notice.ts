/**
 * Shows a reason (an engine Message) to this user as a warning notification. A leaf module: the
 * documents, the command queue, the writes, the sheets, the tracker and the chat cards all call it.
 * The GM shows one to another user in a query to that user alone (socket/socket-channel.ts `sendNotice`).
 */
import type { Message } from "../engine/index.ts";
import { localizeMessage } from "./localize.ts";

/** Shows a reason to the user it is meant for. */
export function showNotice(message: Message): void {
  ui.notifications?.warn(localizeMessage(message));
}
