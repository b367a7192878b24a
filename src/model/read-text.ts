/**
 * Reads one data file as UTF-8 text without trusting what the path points at: the path is
 * resolved through every symbolic link and must stay inside the data folder, the file is opened
 * without blocking (a FIFO must not hang validate) and checked with fstat on the open descriptor
 * (regular file, size within the limit) before a byte is read, and the bytes must be UTF-8.
 * Every refusal is one diagnostic; file contents never appear in a message.
 */
import { closeSync, constants, fstatSync, openSync, readSync, realpathSync, type Stats } from "node:fs";
import { isUtf8 } from "node:buffer";
import { isAbsolute, relative } from "node:path";
import { diagnostics, type Diagnostic, type Location } from "./diagnostics";

/** Data files are a few KB; anything past this is refused before it is read. */
export const MAX_FILE_BYTES = 1024 * 1024;

export type TextResult = { ok: true; text: string } | { ok: false; diagnostic: Diagnostic };

/** True when `p` is `root` itself or below it (both already resolved). */
export function isInside(p: string, root: string): boolean {
  const rel = relative(root, p);
  return rel === "" || (!rel.startsWith("..") && !isAbsolute(rel));
}

/**
 * Reads `absPath`; with `root`, the file's real path must lie inside the real path of `root`
 * (`rootName` names that folder in the message). `what` names the file in a fix ("the YAML
 * file", "the template file").
 */
export function readDataText(absPath: string, displayPath: string, root?: string, what?: string, rootName?: string): TextResult {
  const read = readDataBytes(absPath, displayPath, root, what, rootName);
  return read.ok ? decodeUtf8(read.bytes, displayPath) : read;
}

export type BytesResult = { ok: true; bytes: Buffer } | { ok: false; diagnostic: Diagnostic };

/** The same checks as readDataText, for a binary file (a spreadsheet): its bytes, not decoded. */
export function readDataBytes(absPath: string, displayPath: string, root?: string, what?: string, rootName?: string): BytesResult {
  const loc: Location = { file: displayPath };
  let real: string;
  try {
    real = realpathSync(absPath);
    if (root !== undefined && !isInside(real, realpathSync(root))) return fail(diagnostics.fileOutsideData(loc, rootName));
  } catch (err) {
    return fail(osProblem(loc, err, what));
  }
  let fd: number;
  try {
    // O_NONBLOCK: opening a FIFO for reading would otherwise wait for a writer forever.
    fd = openSync(real, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0) | (constants.O_NOFOLLOW ?? 0));
  } catch (err) {
    return fail(osProblem(loc, err, what));
  }
  try {
    const st = fstatSync(fd);
    if (!st.isFile()) return fail(diagnostics.notRegularFile(loc, fileKind(st), what));
    if (st.size > MAX_FILE_BYTES) return fail(diagnostics.fileTooLarge(loc, st.size, MAX_FILE_BYTES));
    const bytes = readUpTo(fd, MAX_FILE_BYTES + 1);
    // The file may have grown since fstat: the limit holds for what is actually read.
    if (bytes.length > MAX_FILE_BYTES) return fail(diagnostics.fileTooLarge(loc, bytes.length, MAX_FILE_BYTES));
    return { ok: true, bytes };
  } catch (err) {
    return fail(osProblem(loc, err, what));
  } finally {
    closeSync(fd);
  }
}

function fail(diagnostic: Diagnostic): { ok: false; diagnostic: Diagnostic } {
  return { ok: false, diagnostic };
}

function readUpTo(fd: number, limit: number): Buffer {
  const buf = Buffer.alloc(Math.min(limit, 64 * 1024));
  const chunks: Buffer[] = [];
  let total = 0;
  while (total < limit) {
    const n = readSync(fd, buf, 0, Math.min(buf.length, limit - total), null);
    if (n === 0) break;
    chunks.push(Buffer.from(buf.subarray(0, n)));
    total += n;
  }
  return Buffer.concat(chunks, total);
}

function fileKind(st: Stats): string {
  if (st.isDirectory()) return "a folder";
  if (st.isFIFO()) return "a named pipe (FIFO)";
  if (st.isCharacterDevice() || st.isBlockDevice()) return "a device";
  if (st.isSocket()) return "a socket";
  return "not a regular file";
}

function osProblem(loc: Location, err: unknown, what?: string): Diagnostic {
  const code = (err as NodeJS.ErrnoException).code;
  if (code === "ENOENT") return diagnostics.fileMissing(loc, "every game folder needs it; see docs/data-format.md");
  if (code === "ELOOP") return diagnostics.fileUnreadable(loc, "a symbolic link that loops back on itself; replace it with the file");
  if (code === "EACCES" || code === "EPERM") return diagnostics.fileUnreadable(loc, "permission denied; make the file readable");
  if (code === "EISDIR") return diagnostics.notRegularFile(loc, "a folder", what);
  if (code === "ENOTDIR") return diagnostics.fileMissing(loc, "a part of its path is not a folder");
  return diagnostics.fileUnreadable(loc, code ?? (err as Error).message);
}

/**
 * UTF-8 (a leading BOM is dropped) or one diagnostic naming what the bytes look like instead:
 * UTF-16/UTF-32 by their BOM or their NUL bytes, otherwise the first invalid byte's offset and line.
 */
export function decodeUtf8(bytes: Buffer, displayPath: string): TextResult {
  const loc: Location = { file: displayPath, line: 1, col: 1 };
  const starts = (...b: number[]) => b.every((x, i) => bytes[i] === x);
  if (starts(0xff, 0xfe, 0, 0) || starts(0, 0, 0xfe, 0xff)) return fail(diagnostics.wrongEncoding(loc, "UTF-32"));
  if (starts(0xff, 0xfe) || starts(0xfe, 0xff)) return fail(diagnostics.wrongEncoding(loc, "UTF-16"));
  const body = starts(0xef, 0xbb, 0xbf) ? bytes.subarray(3) : bytes;
  const nul = body.indexOf(0);
  if (nul >= 0) {
    // ASCII text saved as UTF-16 without a BOM has a NUL in every other byte.
    const head = body.subarray(0, 512);
    const nuls = head.reduce((n, b) => n + (b === 0 ? 1 : 0), 0);
    if (nuls * 4 >= head.length) return fail(diagnostics.wrongEncoding(loc, "UTF-16 or UTF-32 (without a byte order mark)"));
    return fail(diagnostics.nulByte(byteLocation(body, nul, displayPath), nul + (body === bytes ? 0 : 3)));
  }
  if (!isUtf8(body)) {
    const at = firstInvalidUtf8(body);
    return fail(diagnostics.invalidUtf8(byteLocation(body, at, displayPath), at + (body === bytes ? 0 : 3), body[at]));
  }
  return { ok: true, text: body.toString("utf8") };
}

/** Line and column (in characters) of byte `offset`, counting only the valid text before it. */
function byteLocation(bytes: Buffer, offset: number, file: string): Location {
  const lineStart = bytes.lastIndexOf(0x0a, offset - 1) + 1;
  let line = 1;
  for (let i = bytes.indexOf(0x0a); i >= 0 && i < lineStart; i = bytes.indexOf(0x0a, i + 1)) line++;
  const col = [...bytes.subarray(lineStart, offset).toString("utf8")].length + 1;
  return { file, line, col };
}

/** Offset of the first byte that does not start or continue a well-formed UTF-8 sequence. */
export function firstInvalidUtf8(bytes: Uint8Array): number {
  let i = 0;
  while (i < bytes.length) {
    const b = bytes[i];
    let need: number;
    let min: number;
    if (b < 0x80) {
      i++;
      continue;
    } else if (b >= 0xc2 && b <= 0xdf) [need, min] = [1, 0x80];
    else if (b >= 0xe0 && b <= 0xef) [need, min] = [2, 0x800];
    else if (b >= 0xf0 && b <= 0xf4) [need, min] = [3, 0x10000];
    else return i;
    let cp = b & (0x3f >> need);
    for (let k = 1; k <= need; k++) {
      const c = bytes[i + k];
      if (c === undefined || (c & 0xc0) !== 0x80) return i;
      cp = cp * 64 + (c & 0x3f);
    }
    if (cp < min || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) return i;
    i += need + 1;
  }
  return bytes.length;
}

/** Why `path` cannot be drawn as an image (not a regular file, not PNG/JPEG/SVG), or undefined when it can. */
export function notAnImage(path: string): string | undefined {
  let fd: number;
  try {
    fd = openSync(path, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EACCES" ? "it cannot be read (permission denied)" : "it cannot be opened";
  }
  try {
    const st = fstatSync(fd);
    if (!st.isFile()) return `it is ${fileKind(st)}, not an image file`;
    const head = Buffer.alloc(4096);
    const n = readSync(fd, head, 0, head.length, 0);
    const png = n >= 8 && head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    const jpeg = n >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff;
    const text = head.subarray(0, n).toString("utf8");
    const svg = !text.includes("\0") && /<svg[\s>]/.test(text);
    return png || jpeg || svg ? undefined : "it is not a PNG, JPEG or SVG image";
  } finally {
    closeSync(fd);
  }
}
