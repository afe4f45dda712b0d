/** Whether this client is the active GM: the one client that writes engine steps and rollbacks. */
export function isActiveGm(): boolean {
  return game.users.activeGM?.isSelf ?? false;
}

/**
 * Thrown instead of writing by a client that is no longer the active GM (issue 17 race fuzz: a GM
 * with a lower id came back while this one still had jobs in its writer queue; two writers would
 * each write the next `seq` on their own copy). Nothing is written; the new active GM reconciled the
 * combat when it took over (reconcile.ts) and answers the requests sent to it from then on.
 */
export class NotActiveGm extends Error {
  constructor() {
    super("Tempo | this client is no longer the active GM; the write was dropped");
  }
}

export function assertActiveGm(): void {
  if (!isActiveGm()) throw new NotActiveGm();
}
