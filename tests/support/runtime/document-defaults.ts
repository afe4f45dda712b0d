/**
 * The fields the runtime model's server fills in a created document's source before the data given
 * (server.ts `#create`); an ActiveEffect's depend on the Foundry generation (active-effect-shape.ts).
 */
import type { Obj } from "./diff.ts";
import type { DocumentName } from "./protocol.ts";

export const DOCUMENT_DEFAULTS: Readonly<Record<DocumentName, Obj>> = {
  Combat: { type: "base", round: 0, turn: null, active: true, scene: null, sort: 0, flags: {}, system: {} },
  Combatant: {
    type: "base",
    actorId: null,
    tokenId: null,
    sceneId: null,
    name: "",
    img: null,
    initiative: null,
    hidden: false,
    defeated: false,
    group: null,
    flags: {},
    system: {},
  },
  CombatantGroup: { type: "base", name: "", img: null, initiative: null, flags: {}, system: {} },
  Actor: { type: "base", name: "", img: null, ownership: { default: 0 }, flags: {}, system: {} },
  Item: { type: "base", name: "", img: null, flags: {}, system: {} },
  ActiveEffect: {}, // per generation: active-effect-shape.ts
  Scene: { name: "", width: 4000, height: 3000, padding: 0.25, grid: { size: 100 }, flags: {} },
  Token: {
    name: "",
    actorId: null,
    actorLink: false,
    x: 0,
    y: 0,
    width: 1,
    height: 1,
    hidden: false,
    disposition: -1,
    delta: {},
    flags: {},
  },
  Wall: { c: [0, 0, 0, 0], move: 20, flags: {} },
  Region: { name: "", shapes: [], behaviors: [], flags: {} },
  ChatMessage: {
    type: "base",
    author: null,
    content: "",
    speaker: {},
    whisper: [],
    blind: false,
    rolls: [],
    timestamp: 0,
    flags: {},
    system: {},
  },
};
