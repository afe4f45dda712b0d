/**
 * STD-7, STD-8, PHS-6: Tempo's token ruler. While a token is dragged (and, on the other clients, while
 * they see that drag or the move it became), each waypoint's label says what the path has cost so far
 * and what is left of each of the creature's speeds, or why the move is over budget. Core builds one
 * ruler per token from `CONFIG.Token.rulerClass` and renders each waypoint label from
 * `WAYPOINT_LABEL_TEMPLATE` with `_getWaypointLabelContext(waypoint, state)`, `state` shared along the
 * path (https://foundryvtt.com/api/classes/foundry.canvas.placeables.tokens.TokenRuler.html; Draw Steel
 * overrides the same method and template, src/module/canvas/placeables/tokens/token-ruler.mjs). The
 * waypoints carry the movement action and the cost core measured with Tempo's cost function
 * (TokenRulerWaypointData `action`, `cost`, `measurement`, `stage` "passed" | "pending" | "planned",
 * https://foundryvtt.com/api/interfaces/foundry.types.TokenRulerWaypointData.html); the engine decides
 * what is left. The labels count from what the GM recorded the creature moved this turn (turn-moves.ts),
 * then the pending and planned waypoints; the passed ones (the token's history, its owner's to write) get
 * core's label only, and so does a creature whose own move it is not (another is acting: only a GM may move
 * it, by fiat, spending nothing: engine move-access.ts `ownMoveNow`).
 */
import { movementBudget, type Message, type MovedSegment, type MovementSpeeds } from "../../engine/index.ts";
import { rulerBudgetLabel } from "../../view/canvas/ruler-label.ts";
import { localizeMessage } from "../localize.ts";
import { SYSTEM_ID } from "../system-id.ts";
import { segmentsOf } from "./movement-budget.ts";
import { movementEnded } from "./movement-context.ts";
import { tokenMovesOnItsOwn } from "./token-combat.ts";
import { tokenTurnMoves } from "./turn-moves.ts";
import { speedsFor } from "./movement-speeds.ts";

export const WAYPOINT_LABEL_TEMPLATE = `systems/${SYSTEM_ID}/templates/canvas/waypoint-label.hbs`;

interface RulerWaypoint {
  readonly action?: unknown;
  readonly cost?: unknown;
  readonly stage?: unknown;
}

interface RulerState {
  tempo?: { speeds: MovementSpeeds; ended: boolean; walked: MovedSegment[]; segments: MovedSegment[] } | null;
}

type LabelContext = Record<string, unknown>;

interface RulerBase {
  readonly token: { readonly document: unknown };
  _getWaypointLabelContext(waypoint: RulerWaypoint, state: object): LabelContext | undefined | null;
}

/** A Message whose data names other keys (a speed's label), those localized first. */
export function withLocalizedData(message: Message): Message {
  const data = Object.fromEntries(
    Object.entries(message.data ?? {}).map(([k, v]) => [
      k,
      typeof v === "string" && v.startsWith("TEMPO.") ? game.i18n.localize(v) : v,
    ]),
  );
  return { ...message, data };
}

/** What the label says after `walked` then `segments`: the feet moved and each speed's remainder, or the refusal. */
export function budgetLabel(
  speeds: MovementSpeeds,
  walked: readonly MovedSegment[],
  segments: readonly MovedSegment[],
  ended: boolean,
): { text: string; over: boolean } {
  const label = rulerBudgetLabel(movementBudget(speeds, walked, segments, ended));
  return { text: label.parts.map((m) => localizeMessage(withLocalizedData(m))).join(" · "), over: label.over };
}

/** What the GM recorded the creature moved this turn, as one walked segment (none when nothing). */
function walkedThisTurn(token: TokenDocument.Implementation): MovedSegment[] {
  const feet = tokenTurnMoves(token)?.feet ?? 0;
  return feet > 0 ? [{ mode: "walk", feet }] : [];
}

/** Core's TokenRuler with Tempo's labels (see the file comment). */
export function tempoTokenRulerClass(): unknown {
  const Base = foundry.canvas.placeables.tokens.TokenRuler as unknown as new (...args: never[]) => RulerBase;
  return class TempoTokenRuler extends Base {
    static WAYPOINT_LABEL_TEMPLATE = WAYPOINT_LABEL_TEMPLATE;

    override _getWaypointLabelContext(waypoint: RulerWaypoint, state: RulerState): LabelContext | undefined {
      const context = super._getWaypointLabelContext(waypoint, state);
      const token = this.token.document as TokenDocument.Implementation;
      if (state.tempo === undefined)
        state.tempo = tokenMovesOnItsOwn(token)
          ? { speeds: speedsFor(token), ended: movementEnded(token), walked: walkedThisTurn(token), segments: [] }
          : null;
      if (context === undefined || context === null) return undefined;
      if (waypoint.stage === "passed" || state.tempo === null) return context;
      state.tempo.segments.push(...segmentsOf([waypoint]));
      const tempo = budgetLabel(state.tempo.speeds, state.tempo.walked, state.tempo.segments, state.tempo.ended);
      return { ...context, tempo };
    }
  };
}
