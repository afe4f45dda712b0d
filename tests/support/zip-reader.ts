// Reads a zip archive (PKWARE APPNOTE 6.3: end record → central directory → local headers) the way an
// unzip tool does, written from the format rather than from scripts/release/zip.ts so the release test
// does not check the writer against itself. Throws on anything an unzip tool would reject: a bad
// signature, a local header that disagrees with the central directory, a wrong CRC or size.
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { crc32, inflateRawSync } from "node:zlib";

/** A file (its bytes) or a folder (null), by name. */
export type ZipContents = Map<string, Buffer | null>;

function findEndRecord(zip: Buffer): number {
  // The end record is 22 bytes plus a comment of at most 65535 bytes.
  for (let at = zip.length - 22; at >= Math.max(0, zip.length - 22 - 0xffff); at--) {
    if (zip.readUInt32LE(at) === 0x06054b50) return at;
  }
  throw new Error("not a zip: no end of central directory record");
}

export function readZip(zip: Buffer): ZipContents {
  const end = findEndRecord(zip);
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  const contents: ZipContents = new Map();
  for (let i = 0; i < count; i++) {
    if (zip.readUInt32LE(at) !== 0x02014b50) throw new Error(`central header ${i}: bad signature`);
    const method = zip.readUInt16LE(at + 10);
    const crc = zip.readUInt32LE(at + 16);
    const compressed = zip.readUInt32LE(at + 20);
    const size = zip.readUInt32LE(at + 24);
    const nameLength = zip.readUInt16LE(at + 28);
    const extraLength = zip.readUInt16LE(at + 30);
    const commentLength = zip.readUInt16LE(at + 32);
    const localAt = zip.readUInt32LE(at + 42);
    const name = zip.toString("utf8", at + 46, at + 46 + nameLength);
    at += 46 + nameLength + extraLength + commentLength;

    if (zip.readUInt32LE(localAt) !== 0x04034b50) throw new Error(`${name}: bad local header signature`);
    const localNameLength = zip.readUInt16LE(localAt + 26);
    const localName = zip.toString("utf8", localAt + 30, localAt + 30 + localNameLength);
    if (localName !== name) throw new Error(`${name}: the local header names ${localName}`);
    const dataAt = localAt + 30 + localNameLength + zip.readUInt16LE(localAt + 28);
    const body = zip.subarray(dataAt, dataAt + compressed);
    const data = method === 8 ? inflateRawSync(body) : method === 0 ? Buffer.from(body) : null;
    if (data === null) throw new Error(`${name}: unknown compression method ${method}`);
    if (data.length !== size) throw new Error(`${name}: ${data.length} bytes, the directory says ${size}`);
    if (crc32(data) !== crc) throw new Error(`${name}: CRC mismatch`);
    if (contents.has(name)) throw new Error(`${name}: twice in the archive`);
    contents.set(name, name.endsWith("/") ? null : data);
  }
  return contents;
}

/** Writes the archive's files under `dir` (as `unzip -d dir` would). */
export function extractZip(contents: ZipContents, dir: string): void {
  for (const [name, data] of contents) {
    if (name.startsWith("/") || name.split("/").includes("..")) throw new Error(`${name}: unsafe path`);
    const target = join(dir, name);
    if (data === null) mkdirSync(target, { recursive: true });
    else {
      mkdirSync(dirname(target), { recursive: true });
      writeFileSync(target, data);
    }
  }
}
