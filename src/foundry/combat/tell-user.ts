import type { Message } from "../../engine/index.ts";
import { NOTICE_QUERY, showNotice } from "../notice.ts";

/**
 * Tells the user who made a write why the active GM changed it back: here when that user is this
 * client, otherwise through the `tempo.notice` query (a GM on another client too).
 */
export function tellUser(userId: string, message: Message): void {
  if (userId === game.user.id) {
    showNotice(message);
    return;
  }
  const user = game.users.get(userId);
  if (user !== undefined) void user.query(NOTICE_QUERY, message);
}
