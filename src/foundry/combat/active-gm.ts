/** Whether this client is the active GM: the one client that writes engine steps and rollbacks. */
export function isActiveGm(): boolean {
  return game.users.activeGM?.isSelf ?? false;
}
