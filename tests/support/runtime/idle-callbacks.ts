/**
 * The browser's idle callbacks: `requestIdleCallback(callback)` queues a function "to be called during a
 * browser's idle periods" and returns an id for `cancelIdleCallback` (MDN, Window.requestIdleCallback); the
 * callback gets an `IdleDeadline` (`timeRemaining()`, at most 50 ms: W3C Cooperative Scheduling of
 * Background Tasks, section 4.4; `didTimeout`).
 *
 * The model has no idle time of its own: nothing here runs until a test or the bench says a page is idle
 * (`run`, the runtime's `runIdle`), as a GM pausing between clicks; a test that never says so sees no idle
 * work at all, as a page kept busy would. Each callback runs on the page that queued it, in order; a page
 * that closed meanwhile runs nothing (its callbacks went with it). Callbacks queued while a pass runs wait
 * for the next pass, as a browser gives them the next idle period.
 */
import { currentClient, type ClientGlobals } from "./context.ts";

type IdleCallback = (deadline: { readonly didTimeout: boolean; timeRemaining(): number }) => void;

interface Page extends ClientGlobals {
  readonly connected: boolean;
  run<T>(fn: () => T): T;
}

/** The longest idle period a browser gives (W3C Cooperative Scheduling of Background Tasks, 4.4). */
const IDLE_PERIOD_MS = 50;

export class IdleCallbacks {
  #queue: { readonly id: number; readonly page: Page; readonly callback: IdleCallback }[] = [];
  #nextId = 1;

  request(callback: IdleCallback): number {
    const id = this.#nextId++;
    this.#queue.push({ id, page: currentClient() as Page, callback });
    return id;
  }

  cancel(id: number): void {
    this.#queue = this.#queue.filter((queued) => queued.id !== id);
  }

  /** One idle period on every page: runs what was queued before it (see the file comment); returns how many ran. */
  run(): number {
    const due = this.#queue;
    this.#queue = [];
    let ran = 0;
    for (const { page, callback } of due) {
      if (!page.connected) continue;
      const start = performance.now();
      page.run(() =>
        callback({ didTimeout: false, timeRemaining: () => Math.max(0, start + IDLE_PERIOD_MS - performance.now()) }),
      );
      ran++;
    }
    return ran;
  }
}
