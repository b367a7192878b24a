/**
 * Reads the sheets of an .xlsx file synchronously. read-excel-file only offers a Promise API,
 * while the model loader is synchronous (validate, list, build and codegen all call it), so the
 * file is parsed in a worker thread and this thread waits for the answer on a shared flag.
 * The worker's heap is capped and the wait is bounded: a crafted file (a zip bomb) ends as a
 * located error, not as a hung or crashed build.
 */
import { createRequire } from "node:module";
import { inflateRawSync } from "node:zlib";
import { MessageChannel, receiveMessageOnPort, Worker } from "node:worker_threads";
import { MAX_SHEET_CELLS, MAX_SHEET_ROWS, MAX_XLSX_INFLATED_BYTES } from "./limits";

export type Cell = string | number | boolean | Date | null;
export interface XlsxSheet {
  sheet: string;
  data: Cell[][];
}
export type XlsxResult = { ok: true; sheets: XlsxSheet[] } | { ok: false; reason: string };

const WORKER_HEAP_MB = 256;
const WAIT_MS = 30_000;

// CommonJS, run with `eval: true`: the worker needs no file of its own (works from src/ under tsx and from a bundle).
const WORKER_SOURCE = `
const { workerData } = require("node:worker_threads");
const { bytes, lib, port, flag, maxRows, maxCells } = workerData;
const done = (message) => {
  port.postMessage(message);
  Atomics.store(flag, 0, 1);
  Atomics.notify(flag, 0);
};
Promise.resolve()
  .then(() => require(lib).default(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength)))
  .then((sheets) => {
    // Counted here, before the cells are copied to the waiting thread.
    let rows = 0, cells = 0;
    for (const s of sheets) for (const r of s.data) { rows += 1; cells += r.length; }
    if (rows > maxRows || cells > maxCells) return done({ tooBig: { rows, cells } });
    done({ sheets });
  }, (err) => done({ error: err && err.message ? String(err.message) : "unknown error" }));
`;

/**
 * Why the zip is refused before any sheet is parsed, or undefined: each entry is inflated with a
 * cap on what it may produce (the sizes a zip declares can lie), all entries together at most
 * MAX_XLSX_INFLATED_BYTES, so a 400 KB file that unpacks to 400 MB stops after 16 MB of work.
 */
export function xlsxBombProblem(bytes: Uint8Array): string | undefined {
  const b = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let eocd = -1;
  for (let i = b.length - 22; i >= Math.max(0, b.length - 22 - 0xffff); i--) {
    if (b.readUInt32LE(i) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) return undefined; // not a zip: the reader says so in its own words
  const entries = b.readUInt16LE(eocd + 10);
  let at = b.readUInt32LE(eocd + 16);
  let budget = MAX_XLSX_INFLATED_BYTES;
  const tooBig = `it unpacks to more than ${MAX_XLSX_INFLATED_BYTES / (1024 * 1024)} MiB (the limit for a deck); save only the deck's sheet, or export it as CSV`;
  for (let n = 0; n < entries; n++) {
    if (at + 46 > b.length || b.readUInt32LE(at) !== 0x02014b50) return "its zip directory is damaged; save it again from the spreadsheet program";
    const method = b.readUInt16LE(at + 10);
    const packed = b.readUInt32LE(at + 20);
    const local = b.readUInt32LE(at + 42);
    const next = at + 46 + b.readUInt16LE(at + 28) + b.readUInt16LE(at + 30) + b.readUInt16LE(at + 32);
    if (packed === 0xffffffff || local === 0xffffffff) return tooBig; // zip64: far beyond a deck
    if (local + 30 > b.length || b.readUInt32LE(local) !== 0x04034b50) return "its zip entries are damaged; save it again from the spreadsheet program";
    const start = local + 30 + b.readUInt16LE(local + 26) + b.readUInt16LE(local + 28);
    const data = b.subarray(start, Math.min(b.length, start + packed));
    if (method === 0) budget -= data.length;
    else if (method === 8) {
      try {
        budget -= inflateRawSync(data, { maxOutputLength: Math.max(1, budget) }).length;
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === "ERR_BUFFER_TOO_LARGE") return tooBig;
        return "its zip entries cannot be unpacked; save it again from the spreadsheet program";
      }
    } else return `it is packed with zip method ${method}, which spreadsheets do not use; save it again as .xlsx`;
    if (budget < 0) return tooBig;
    at = next;
  }
  return undefined;
}

export function readXlsxSync(bytes: Uint8Array): XlsxResult {
  const bomb = xlsxBombProblem(bytes);
  if (bomb !== undefined) return { ok: false, reason: bomb };
  const lib = createRequire(import.meta.url).resolve("read-excel-file/universal");
  const flag = new Int32Array(new SharedArrayBuffer(4));
  const { port1, port2 } = new MessageChannel();
  let exit: string | undefined;
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: { bytes, lib, port: port2, flag, maxRows: MAX_SHEET_ROWS, maxCells: MAX_SHEET_CELLS },
    transferList: [port2],
    resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB },
  });
  worker.on("error", (err) => {
    exit = err.message;
  });
  try {
    const waited = Atomics.wait(flag, 0, 0, WAIT_MS);
    const reply = receiveMessageOnPort(port1)?.message as { sheets?: XlsxSheet[]; error?: string; tooBig?: { rows: number; cells: number } } | undefined;
    if (reply?.sheets) return { ok: true, sheets: reply.sheets };
    if (reply?.tooBig) return { ok: false, reason: sheetTooBig(reply.tooBig.rows, reply.tooBig.cells) };
    if (reply?.error) return { ok: false, reason: `it is not a readable .xlsx file (${reply.error}); save it again from the spreadsheet program as .xlsx, or export the sheet as CSV` };
    if (waited === "timed-out") return { ok: false, reason: `reading it took longer than ${WAIT_MS / 1000} s; export the sheet as CSV instead` };
    return { ok: false, reason: `the reader stopped (${exit ?? "the file may unpack to more memory than a deck needs"}); export the sheet as CSV instead` };
  } finally {
    port1.close();
    void worker.terminate();
  }
}

/** The message for a sheet over the row or cell limit. */
export function sheetTooBig(rows: number, cells: number, readToLimit = false): string {
  if (readToLimit) return `it holds more than ${MAX_SHEET_ROWS} rows or ${MAX_SHEET_CELLS} cells (read up to there); the limits are ${MAX_SHEET_ROWS} rows and ${MAX_SHEET_CELLS} cells (a deck is at most 1000 cards): delete the unused rows and columns`;
  return `it holds ${rows} rows and ${cells} cells; the limits are ${MAX_SHEET_ROWS} rows and ${MAX_SHEET_CELLS} cells (a deck is at most 1000 cards): delete the unused rows and columns`;
}
