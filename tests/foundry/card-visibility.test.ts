/**
 * Issue 11: a blind or GM-only roll's card keeps its result from the users who may not see it; they get
 * the localized "rolled privately" stub, as core does for the dice of a blind roll.
 */
import { afterAll, describe, expect, it } from "vitest";
import { CARD_SAMPLES } from "../../src/preview/card-samples.ts";
import type { ChatCard } from "../../src/view/chat/chat-cards.ts";
import { chatLog, type ChatMessageModel, asChatMessage, lastMessage } from "../support/chat-log.ts";
import { installDialogs } from "../support/runtime/dialog-v2.ts";
import { installFoundryWorld } from "../support/foundry-world.ts";
import type { MessageMode } from "../../src/foundry/compat/message-mode.ts";

const world = installFoundryWorld(7);
afterAll(() => world.uninstall());
const chat = chatLog(world);
const roller = world.addUser("p1");
const other = world.addUser("p2");

await world.loadSystem();
world.callHook("init");
// Real templates through renderTemplate (installed after init, which builds the sheets on core's api).
const dialogs = installDialogs();
afterAll(() => dialogs.uninstall());
const { postCard } = await import("../../src/foundry/chat/post-card.ts");
const { renderCardHtml } = await import("../../src/foundry/chat/render-card.ts");

function sample(id: string): ChatCard {
  const found = CARD_SAMPLES.find((s) => s.id === id);
  if (found === undefined) throw new Error(id);
  return found.card;
}

async function posted(mode: MessageMode): Promise<ChatMessageModel> {
  await world.as(roller, () => postCard(sample("attack-standard"), { messageMode: mode }));
  await world.idle();
  return lastMessage(chat);
}

const view = (user: typeof roller, message: ChatMessageModel) =>
  world.as(user, () => renderCardHtml(asChatMessage(message)));
const PRIVATE = "TEMPO.CHAT.Private";

describe("private rolls stay private", () => {
  it("a blind roll: the GM sees the hit or miss, the player who rolled it sees only the stub", async () => {
    const message = await posted("blind");
    const gm = await view(world.gm, message);
    expect(gm).toContain("tempo-card__verdict");
    expect(gm).not.toContain(PRIVATE);
    const mine = await view(roller, message);
    expect(mine).toContain(PRIVATE);
    expect(mine).not.toContain("tempo-card__verdict");
    expect(mine).not.toContain("tempo-card__total");
    expect(mine).not.toContain("data-tempo-card-action");
  });

  it("a GM-only roll: the roller and the GM see the card, another player sees only the stub", async () => {
    const message = await posted("gm");
    expect(await view(roller, message)).toContain("tempo-card__verdict");
    expect(await view(world.gm, message)).toContain("tempo-card__verdict");
    const theirs = await view(other, message);
    expect(theirs).toContain(PRIVATE);
    expect(theirs).not.toContain("tempo-card__total");
  });

  it("a public roll shows everyone the result", async () => {
    const message = await posted("public");
    expect(await view(other, message)).toContain("tempo-card__verdict");
  });
});
