/**
 * One client's `game.keybindings` (API ClientKeybindings: "a singleton instance of this class is
 * constructed within the global Game object"): `register(namespace, action, data)` ("Register a new
 * keybinding") records the action's config in `actions` ("Registered Keybinding actions", a
 * `Map<string, KeybindingActionConfig>`), keyed here by `namespace.action`, with the `namespace` it was
 * registered in (KeybindingActionConfig#namespace). Key presses are not modelled: a test calls an
 * action's `onDown`.
 */
export interface KeybindingAction {
  readonly name?: string;
  readonly hint?: string;
  readonly namespace?: string;
  readonly editable?: readonly { readonly key: string; readonly modifiers?: readonly string[] }[];
  readonly onDown?: (context: unknown) => unknown;
  readonly restricted?: boolean;
  readonly [key: string]: unknown;
}

export class ClientKeybindingsModel {
  readonly actions = new Map<string, KeybindingAction>();

  register(namespace: string, action: string, data: KeybindingAction): void {
    this.actions.set(`${namespace}.${action}`, { ...data, namespace });
  }
}
