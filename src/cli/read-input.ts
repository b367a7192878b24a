/**
 * Reads a JSON input file (or stdin) for the CLI: size checked before and while reading (a link
 * to /dev/zero cannot grow without bound), encoding checked, so every problem is one located
 * message. A path that does not exist or is a folder is a usage error (exit 2); a file whose
 * content is wrong is an input error (exit 1).
 */
import { createReadStream, readFileSync, statSync } from "node:fs";
import { firstInvalidUtf8 } from "../model/read-text";
import { CliError, UsageError } from "./errors";

/** Replay requests are a few KB; 20 000 actions are ~0.5 MB. */
export const MAX_INPUT_BYTES = 8 * 1024 * 1024;

function tooLarge(name: string): CliError {
  return new CliError(`${name}: larger than ${MAX_INPUT_BYTES / 1024 / 1024} MB, the most an input file may have`);
}

async function readStream(stream: NodeJS.ReadableStream, name: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    const buf = typeof chunk === "string" ? Buffer.from(chunk) : (chunk as Buffer);
    size += buf.length;
    if (size > MAX_INPUT_BYTES) {
      if ("destroy" in stream && typeof stream.destroy === "function") stream.destroy();
      throw tooLarge(name);
    }
    chunks.push(buf);
  }
  return Buffer.concat(chunks);
}

/** Text of a UTF-8 buffer, or an input error naming the encoding problem and where it is. */
export function decodeUtf8(buf: Buffer, name: string): string {
  if ((buf[0] === 0xff && buf[1] === 0xfe) || (buf[0] === 0xfe && buf[1] === 0xff))
    throw new CliError(`${name}:1:1: the file is UTF-16 encoded; save it as UTF-8`);
  try {
    return new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }).decode(buf);
  } catch {
    const bad = firstInvalidUtf8(buf);
    const lineStart = buf.lastIndexOf(0x0a, bad - 1) + 1;
    let line = 1;
    for (let i = buf.indexOf(0x0a); i >= 0 && i < bad; i = buf.indexOf(0x0a, i + 1)) line++;
    const column = buf.subarray(lineStart, bad).toString("utf8").length + 1;
    const byte = buf[bad].toString(16).toUpperCase().padStart(2, "0");
    throw new CliError(`${name}:${line}:${column}: not valid UTF-8 (byte 0x${byte}); save the file as UTF-8`);
  }
}

/** The text of `file`, or of stdin for "-". */
export async function readInput(file: string): Promise<{ text: string; name: string }> {
  if (file === "-") return { text: decodeUtf8(await readStream(process.stdin, "<stdin>"), "<stdin>"), name: "<stdin>" };
  let buf: Buffer;
  try {
    const st = statSync(file);
    if (st.isDirectory()) throw new UsageError(`${file}: is a folder (give a JSON file, or - for stdin)`);
    if (st.isFile()) {
      if (st.size > MAX_INPUT_BYTES) throw tooLarge(file);
      buf = readFileSync(file);
    } else buf = await readStream(createReadStream(file), file); // a pipe or device: read with the limit
  } catch (err) {
    if (err instanceof CliError) throw err;
    const code = (err as NodeJS.ErrnoException).code;
    if (code === "ENOENT" || code === "ENOTDIR") throw new UsageError(`${file}: no such file (give a JSON file, or - for stdin)`);
    throw new CliError(`${file}: cannot read (${code ?? (err instanceof Error ? err.message : "error")})`);
  }
  return { text: decodeUtf8(buf, file), name: file };
}
