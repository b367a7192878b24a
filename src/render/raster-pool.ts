/**
 * The raster process (raster-process.mjs): `png` is `svgToPng` run there. The build's own
 * process keeps no pixels at all and is left to the SVGs and PDFs; the raster process keeps
 * resvg's freed pages between faces, and closing the pool ends it, so they all go before the
 * TTS phase (src/render/raster-memory.ts). It starts on first use and never holds this process
 * open while idle.
 */
import { fork, type ChildProcess } from "node:child_process";
import { fileURLToPath } from "node:url";
import { fontFilesFor } from "./fonts";
import { pxFor } from "./png";
import { rasterProcessEnv } from "./raster-memory";
import { DPI } from "./types";

const PROCESS_FILE = fileURLToPath(new URL("./raster-process.mjs", import.meta.url));

/** The faces it was rasterising when the raster process ended or could not start (not their SVG's fault). */
export class RasterProcessLost extends Error {}

interface RasterRequest {
  id: number;
  svg: string;
  widthPx: number;
  dpi: number;
  /** The bundled fonts plus the game faces the SVG names (fontFilesFor). */
  fontFiles: string[];
}

type RasterResponse = { id: number; ok: true; png: Uint8Array } | { id: number; ok: false; message: string };

interface Slot {
  child: ChildProcess;
  ready: Promise<void>;
  jobs: Map<number, { resolve: (b: Buffer) => void; reject: (e: Error) => void }>;
}

export class RasterPool {
  private readonly slots: Slot[] = [];
  private nextId = 1;
  private closed = false;

  /**
   * One process is enough: it runs faces side by side on its libuv threads (one a core), and a
   * second would cost a second Node and a second set of kept pages. `keepPages`: whether it keeps
   * resvg's freed pages between faces (raster-memory.ts): yes for a pool closed when its build's
   * PNGs are done, no for one that waits between edits.
   */
  constructor(
    readonly size = 1,
    readonly keepPages = true,
  ) {}

  /** Raster processes started so far. */
  get started(): number {
    return this.slots.length;
  }

  /** Their process ids (what the OS sees of them: tests read their page faults). */
  get pids(): number[] {
    return this.slots.flatMap((s) => (s.child.pid === undefined ? [] : [s.child.pid]));
  }

  /** `svgToPng(svg, widthMm, dpi)`, byte for byte, in the raster process. */
  png(svg: string, widthMm: number, dpi = DPI): Promise<Buffer> {
    if (this.closed) return Promise.reject(new Error("raster pool is closed"));
    const slot = this.pick();
    const id = this.nextId++;
    const fontFiles = fontFilesFor(svg);
    return new Promise<Buffer>((resolve, reject) => {
      // Counted at once, so faces asked for while a process starts are spread over the processes.
      slot.jobs.set(id, { resolve, reject });
      hold(slot.child, true);
      void slot.ready.then(() => {
        if (slot.jobs.has(id)) slot.child.send({ id, svg, widthPx: pxFor(widthMm, dpi), dpi, fontFiles } satisfies RasterRequest);
      });
    });
  }

  /** Starts every process now (e.g. while `watch` waits for the first edit); they stay idle, unref'd. */
  async warm(): Promise<void> {
    while (this.slots.length < this.size && !this.closed) this.spawn();
    await Promise.all(this.slots.map((s) => s.ready));
    for (const s of this.slots) if (s.jobs.size === 0) hold(s.child, false);
  }

  /** The least busy process, starting another while there are fewer than `size`. */
  private pick(): Slot {
    const idle = this.slots.find((s) => s.jobs.size === 0);
    if (idle) return idle;
    if (this.slots.length < this.size) return this.spawn();
    return this.slots.reduce((a, b) => (b.jobs.size < a.jobs.size ? b : a));
  }

  private spawn(): Slot {
    // Not this process's flags (a build runs without the optimising compiler); its own GC to call.
    // "advanced": PNG bytes cross as bytes, not as JSON arrays of numbers.
    const child = fork(PROCESS_FILE, [], { execArgv: ["--expose-gc"], env: rasterProcessEnv(process.env, this.keepPages), serialization: "advanced", stdio: ["ignore", "ignore", "inherit", "ipc"] });
    let ready!: () => void;
    const slot: Slot = { child, ready: new Promise<void>((r) => (ready = r)), jobs: new Map() };
    child.on("message", (msg: RasterResponse | { ready: true }) => {
      if ("ready" in msg) return ready();
      const job = slot.jobs.get(msg.id);
      slot.jobs.delete(msg.id);
      if (slot.jobs.size === 0) hold(child, false);
      if (job === undefined) return;
      if (msg.ok) job.resolve(Buffer.from(msg.png.buffer, msg.png.byteOffset, msg.png.byteLength));
      else job.reject(new Error(msg.message));
    });
    const fail = (err: Error): void => {
      const i = this.slots.indexOf(slot);
      if (i >= 0) this.slots.splice(i, 1);
      for (const job of slot.jobs.values()) job.reject(err);
      slot.jobs.clear();
      ready();
    };
    child.on("error", (err) => fail(new RasterProcessLost(`the raster process could not run (${err.message})`)));
    child.on("exit", (code, signal) => {
      if (!this.closed) fail(new RasterProcessLost(`the raster process ended (${signal ?? `exit code ${code}`})`));
    });
    this.slots.push(slot);
    return slot;
  }

  async close(): Promise<void> {
    this.closed = true;
    const slots = this.slots.splice(0);
    for (const s of slots) for (const job of s.jobs.values()) job.reject(new Error("raster pool closed"));
    await Promise.all(slots.map((s) => end(s.child)));
  }
}

/** Whether the process and its IPC channel keep this process's event loop alive. */
function hold(child: ChildProcess, on: boolean): void {
  if (on) {
    child.ref();
    child.channel?.ref();
  } else {
    child.unref();
    child.channel?.unref();
  }
}

/** Closes the channel (the process exits on that) and waits until it has gone with its memory. */
function end(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  hold(child, true);
  const gone = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  if (child.connected) child.disconnect();
  else child.kill();
  return gone;
}

let shared: RasterPool | undefined;

/** One raster pool per process (its idle raster process never holds this one open). */
export function sharedRasterPool(): RasterPool {
  shared ??= new RasterPool();
  return shared;
}

/** Ends the shared pool's process (its memory goes with it); the next use starts anew. */
export async function closeSharedRasterPool(): Promise<void> {
  const pool = shared;
  shared = undefined;
  await pool?.close();
}
