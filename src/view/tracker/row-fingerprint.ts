/**
 * A row's fingerprint (issue 9, render-ms): a short hash of everything its template draws from, so a host
 * can tell that a row on screen is already what this render would draw. The row template then draws a
 * placeholder for it (`tempoRowKept`) and patchPart (src/view/dom/patch-rows.ts) keeps the drawn row:
 * after one Next turn most of 300 rows are neither rendered by Handlebars nor parsed again.
 * The row partial draws only from its row context (and fixed translations), so the context's JSON covers it.
 */

const cache = new WeakMap<object, string>();

/** FNV-1a over the text, twice with different seeds: 64 bits, so two different rows never share a print in practice. */
function hash(text: string): string {
  let a = 0x811c9dc5;
  let b = 0x01000193 ^ text.length;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193);
    b = Math.imul(b ^ c, 0x5bd1e995);
  }
  return (a >>> 0).toString(36) + (b >>> 0).toString(36);
}

/** The row context's fingerprint (computed once per context object). */
export function rowFingerprint(row: object): string {
  const known = cache.get(row);
  if (known !== undefined) return known;
  const print = hash(JSON.stringify(row));
  cache.set(row, print);
  return print;
}

/** The prints of the rows a host has on screen, by row key: given to the tracker template as `drawnRows`. */
export type DrawnRows = Readonly<Record<string, string>>;

/** A row is kept when the host has it on screen with the same print. */
export function rowKept(row: unknown, drawn: unknown): boolean {
  if (typeof row !== "object" || row === null || !("key" in row) || typeof row.key !== "string") return false;
  if (typeof drawn !== "object" || drawn === null) return false;
  const print: unknown = Reflect.get(drawn, row.key);
  return typeof print === "string" && print === rowFingerprint(row);
}
