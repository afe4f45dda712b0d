import type { Message } from "../../engine/index.ts";
import { sendNotice } from "../socket/socket-channel.ts";

/**
 * Tells the user who made a write why the active GM changed it back: here when that user is this
 * client, otherwise to that user alone (socket/socket-channel.ts `sendNotice`).
 */
export function tellUser(userId: string, message: Message): void {
  sendNotice(userId, message);
}
