// A small zip writer (PKWARE APPNOTE 6.3, no zip64) so `npm run package` needs no `zip` binary and no
// dependency: a fresh Debian CI machine has Node but not necessarily `zip`. Each file is deflated when that
// makes it smaller, stored otherwise. Every entry gets the same timestamp, so the same files give the same zip.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { crc32, deflateRawSync } from "node:zlib";

/** One entry: a file with its bytes, or a folder (its name ends with "/"). */
export interface ZipEntry {
  readonly name: string;
  readonly data: Buffer | null;
}

const LOCAL_HEADER = 0x04034b50;
const CENTRAL_HEADER = 0x02014b50;
const END_OF_CENTRAL_DIRECTORY = 0x06054b50;
const VERSION_NEEDED = 20; // deflate, folders
const MADE_BY_UNIX = (3 << 8) | VERSION_NEEDED; // so unzip keeps the permissions below
const UTF8_NAMES = 0x0800;
const STORE = 0;
const DEFLATE = 8;
/** 1980-01-01 00:00, the first date MS-DOS time can hold. */
const DOS_TIME = 0;
const DOS_DATE = (0 << 9) | (1 << 5) | 1;
const FILE_MODE = 0o100644;
const FOLDER_MODE = 0o040755;
const MSDOS_FOLDER = 0x10;

/** The files under `dir`, as zip entries named relative to it with "/" separators (folders first, sorted). */
export function folderEntries(dir: string, keep: (name: string) => boolean = () => true): ZipEntry[] {
  const entries: ZipEntry[] = [];
  const walk = (path: string): void => {
    for (const name of readdirSync(path).sort()) {
      const full = join(path, name);
      const zipName = relative(dir, full).split(sep).join("/");
      if (statSync(full).isDirectory()) {
        if (!keep(`${zipName}/`)) continue;
        entries.push({ name: `${zipName}/`, data: null });
        walk(full);
      } else if (keep(zipName)) {
        entries.push({ name: zipName, data: readFileSync(full) });
      }
    }
  };
  walk(dir);
  return entries;
}

/** The bytes of a zip archive holding `entries` in order. */
export function writeZip(entries: readonly ZipEntry[]): Buffer {
  if (entries.length > 0xffff)
    throw new Error(`A zip without zip64 holds at most 65535 entries (got ${entries.length}).`);
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const folder = entry.data === null;
    if (folder !== entry.name.endsWith("/"))
      throw new Error(`Zip entry ${entry.name}: only folder names end with "/".`);
    if (entry.name.startsWith("/") || entry.name.split("/").includes("..")) {
      throw new Error(`Zip entry ${entry.name}: names are relative and never climb out with "..".`);
    }
    const raw = entry.data ?? Buffer.alloc(0);
    const deflated = raw.length > 0 ? deflateRawSync(raw, { level: 9 }) : raw;
    const method = deflated.length < raw.length ? DEFLATE : STORE;
    const body = method === DEFLATE ? deflated : raw;
    const name = Buffer.from(entry.name, "utf8");
    const crc = crc32(raw);

    const local = Buffer.alloc(30);
    local.writeUInt32LE(LOCAL_HEADER, 0);
    local.writeUInt16LE(VERSION_NEEDED, 4);
    local.writeUInt16LE(UTF8_NAMES, 6);
    local.writeUInt16LE(method, 8);
    local.writeUInt16LE(DOS_TIME, 10);
    local.writeUInt16LE(DOS_DATE, 12);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(body.length, 18);
    local.writeUInt32LE(raw.length, 22);
    local.writeUInt16LE(name.length, 26);
    local.writeUInt16LE(0, 28);

    const central = Buffer.alloc(46);
    central.writeUInt32LE(CENTRAL_HEADER, 0);
    central.writeUInt16LE(MADE_BY_UNIX, 4);
    central.writeUInt16LE(VERSION_NEEDED, 6);
    central.writeUInt16LE(UTF8_NAMES, 8);
    central.writeUInt16LE(method, 10);
    central.writeUInt16LE(DOS_TIME, 12);
    central.writeUInt16LE(DOS_DATE, 14);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(body.length, 20);
    central.writeUInt32LE(raw.length, 24);
    central.writeUInt16LE(name.length, 28);
    // extra field length, comment length, disk number, internal attributes: all 0
    central.writeUInt32LE((((folder ? FOLDER_MODE : FILE_MODE) << 16) | (folder ? MSDOS_FOLDER : 0)) >>> 0, 38);
    central.writeUInt32LE(offset, 42);

    locals.push(local, name, body);
    centrals.push(central, name);
    offset += local.length + name.length + body.length;
  }
  const directory = Buffer.concat(centrals);
  if (offset + directory.length > 0xffffffff) throw new Error("A zip without zip64 holds at most 4 GB.");
  const end = Buffer.alloc(22);
  end.writeUInt32LE(END_OF_CENTRAL_DIRECTORY, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}
