/**
 * Reads the sheets of an .xlsx file synchronously. read-excel-file only offers a Promise API,
 * while the model loader is synchronous (validate, list, build and codegen all call it), so the
 * file is parsed in a worker thread and this thread waits for the answer on a shared flag.
 * The worker's heap is capped and the wait is bounded: a crafted file (a zip bomb) ends as a
 * located error, not as a hung or crashed build.
 */
import { createRequire } from "node:module";
import { MessageChannel, receiveMessageOnPort, Worker } from "node:worker_threads";

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
const { bytes, lib, port, flag } = workerData;
const done = (message) => {
  port.postMessage(message);
  Atomics.store(flag, 0, 1);
  Atomics.notify(flag, 0);
};
Promise.resolve()
  .then(() => require(lib).default(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength)))
  .then((sheets) => done({ sheets }), (err) => done({ error: err && err.message ? String(err.message) : "unknown error" }));
`;

export function readXlsxSync(bytes: Uint8Array): XlsxResult {
  const lib = createRequire(import.meta.url).resolve("read-excel-file/universal");
  const flag = new Int32Array(new SharedArrayBuffer(4));
  const { port1, port2 } = new MessageChannel();
  let exit: string | undefined;
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: { bytes, lib, port: port2, flag },
    transferList: [port2],
    resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB },
  });
  worker.on("error", (err) => {
    exit = err.message;
  });
  try {
    const waited = Atomics.wait(flag, 0, 0, WAIT_MS);
    const reply = receiveMessageOnPort(port1)?.message as { sheets?: XlsxSheet[]; error?: string } | undefined;
    if (reply?.sheets) return { ok: true, sheets: reply.sheets };
    if (reply?.error) return { ok: false, reason: `it is not a readable .xlsx file (${reply.error}); save it again from the spreadsheet program as .xlsx, or export the sheet as CSV` };
    if (waited === "timed-out") return { ok: false, reason: `reading it took longer than ${WAIT_MS / 1000} s; export the sheet as CSV instead` };
    return { ok: false, reason: `the reader stopped (${exit ?? "the file may unpack to more memory than a deck needs"}); export the sheet as CSV instead` };
  } finally {
    port1.close();
    void worker.terminate();
  }
}
