/**
 * A small LZ77 text compressor for undo patches (issue 17): a patch is compressed against a dictionary
 * text both sides have (the stored state the patch will be applied to), so what the patch repeats of
 * that state, or of itself, costs a reference of a few characters.
 *
 * The output is a string of the same characters as the input plus the 64 digits below, so it stays
 * short as JSON: tokens are a literal run (`len * 2` as a number, then the characters as they are) or
 * a match (`(len - MIN_MATCH) * 2 + 1`, then its distance), numbers written 5 bits per digit with
 * the high digits marked (a digit ≥ 32 says another follows). A match's distance is written as its
 * difference from the previous match's (zigzag: 0, -1, 1, -2 … as 0, 1, 2, 3 …): a patch that restores
 * an older column of the state copies it in stretches from nearly the same place, skipping a few
 * characters between them, so each stretch costs two or three characters. Greedy matching over hash
 * chains of `MIN_MATCH` characters, preferring the previous distance when it matches nearly as long;
 * deterministic, so the same input always gives the same output.
 *
 * `decompressText(compressText(t, d), d) === t` for every `t` and `d`; with another dictionary the
 * result is garbage or null (the caller checks a hash of the dictionary first).
 */

const DIGITS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
const MIN_MATCH = 4;
const MAX_MATCH = 4096;
const HASH_BITS = 15;
const HASH_SIZE = 1 << HASH_BITS;
/** Candidates tried per position (a bound on the time, not on correctness). */
const CHAIN_LIMIT = 48;

function writeNumber(out: string[], value: number): void {
  let n = value;
  const digits: number[] = [n & 31];
  n = Math.floor(n / 32);
  while (n > 0) {
    digits.push((n & 31) | 32);
    n = Math.floor(n / 32);
  }
  for (let i = digits.length - 1; i >= 0; i--) out.push(DIGITS[digits[i] as number] as string);
}

/** The hash of the `MIN_MATCH` characters at `i`. */
function hashAt(codes: Uint16Array, i: number): number {
  let h = 0;
  for (let k = 0; k < MIN_MATCH; k++) h = (Math.imul(h, 31) + (codes[i + k] as number)) | 0;
  return (h ^ (h >>> HASH_BITS)) & (HASH_SIZE - 1);
}

/** How many characters from `from` repeat those from `at`, up to `limit`. */
function lengthFrom(codes: Uint16Array, from: number, at: number, limit: number): number {
  let n = 0;
  while (n < limit && codes[from + n] === codes[at + n]) n++;
  return n;
}

/**
 * `text` compressed against `dictionary` (see the file comment). Issue 17: over the characters' codes
 * in one typed array and with no closures, since it runs at a round boundary only, mostly as cold code.
 */
export function compressText(text: string, dictionary: string): string {
  const all = dictionary + text;
  const size = all.length;
  const codes = new Uint16Array(size);
  for (let i = 0; i < size; i++) codes[i] = all.charCodeAt(i);
  const start = dictionary.length;
  const head = new Int32Array(HASH_SIZE).fill(-1);
  const prev = new Int32Array(size).fill(-1);
  const last = size - MIN_MATCH;
  for (let i = 0; i < start && i <= last; i++) {
    const h = hashAt(codes, i);
    prev[i] = head[h] as number;
    head[h] = i;
  }
  const out: string[] = [];
  let literal = start;
  let i = start;
  let lastDistance = 1;
  while (i < size) {
    let bestLength = 0;
    let bestFrom = -1;
    const hash = i <= last ? hashAt(codes, i) : -1;
    if (hash >= 0) {
      let candidate = head[hash] as number;
      const limit = Math.min(MAX_MATCH, size - i);
      for (let tries = 0; candidate >= 0 && tries < CHAIN_LIMIT; tries++) {
        // Only a candidate that also matches at `bestLength` can be longer (issue 17: most candidates on
        // a chain of JSON text share a short prefix and are passed over here, the choice unchanged).
        const n = codes[candidate + bestLength] === codes[i + bestLength] ? lengthFrom(codes, candidate, i, limit) : 0;
        if (n > bestLength) {
          bestLength = n;
          bestFrom = candidate;
          if (n === limit) break;
        }
        candidate = prev[candidate] as number;
      }
      const repeat = i - lastDistance;
      const repeatLength = repeat >= 0 ? lengthFrom(codes, repeat, i, limit) : 0;
      if (repeatLength >= MIN_MATCH && repeatLength + 2 >= bestLength) {
        bestLength = repeatLength;
        bestFrom = repeat;
      }
    }
    if (bestLength < MIN_MATCH) {
      if (hash >= 0) {
        prev[i] = head[hash] as number;
        head[hash] = i;
      }
      i++;
      continue;
    }
    if (i > literal) {
      writeNumber(out, (i - literal) * 2);
      out.push(all.slice(literal, i));
    }
    writeNumber(out, (bestLength - MIN_MATCH) * 2 + 1);
    const distance = i - bestFrom;
    const step = distance - lastDistance;
    writeNumber(out, step >= 0 ? step * 2 : -step * 2 - 1);
    lastDistance = distance;
    const end = i + bestLength;
    for (let k = i; k < end && k <= last; k++) {
      const h = hashAt(codes, k);
      prev[k] = head[h] as number;
      head[h] = k;
    }
    i = end;
    literal = i;
  }
  if (size > literal) {
    writeNumber(out, (size - literal) * 2);
    out.push(all.slice(literal, size));
  }
  return out.join("");
}

/** The text `data` holds, given the dictionary it was compressed against; null when it does not read. */
export function decompressText(data: string, dictionary: string): string | null {
  let all = dictionary;
  let at = 0;
  let lastDistance = 1;
  const readNumber = (): number | null => {
    let n = 0;
    for (;;) {
      const digit = at < data.length ? DIGITS.indexOf(data.charAt(at++)) : -1;
      if (digit < 0) return null;
      n = n * 32 + (digit & 31);
      if (digit < 32) return n;
    }
  };
  while (at < data.length) {
    const header = readNumber();
    if (header === null) return null;
    if (header % 2 === 0) {
      const length = header / 2;
      if (at + length > data.length) return null;
      all += data.slice(at, at + length);
      at += length;
      continue;
    }
    const length = (header - 1) / 2 + MIN_MATCH;
    const step = readNumber();
    if (step === null) return null;
    const distance = lastDistance + (step % 2 === 0 ? step / 2 : -(step + 1) / 2);
    if (distance < 1 || distance > all.length) return null;
    lastDistance = distance;
    const from = all.length - distance;
    // An overlapping match copies characters it has just written (a run).
    let piece = "";
    for (let k = 0; k < length; k++)
      piece += k < all.length - from ? all.charAt(from + k) : piece.charAt(k - (all.length - from));
    all += piece;
  }
  return all.slice(dictionary.length);
}
