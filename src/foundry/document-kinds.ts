/**
 * What kind of document a value from `fromUuid` / `fromUuidSync` is. A UUID names any document (a card's
 * recorded UUID could name a journal page), so its value is checked before it is used as an actor or item.
 */

export function isActor(doc: unknown): doc is Actor.Implementation {
  return typeof doc === "object" && doc !== null && Reflect.get(doc, "documentName") === "Actor";
}

export function isItem(doc: unknown): doc is Item.Implementation {
  return typeof doc === "object" && doc !== null && Reflect.get(doc, "documentName") === "Item";
}
