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
import { FACE_SECONDS, RASTER_MB } from "../model/limits";

const PROCESS_FILE = fileURLToPath(new URL("./raster-process.mjs", import.meta.url));

/** The faces it was rasterising when the raster process ended or could not start (not their SVG's fault). */
export class RasterProcessLost extends Error {}

/**
 * A face past its budget in the raster process (docs/limits.md, "Face budgets"): it took longer
 * than the time limit, the process passed its memory limit while drawing it, or the renderer
 * crashed on it. The message says which, in words, with the fix; the process is ended and the
 * next face gets a new one.
 */
export class FaceBudgetExceeded extends Error {}

/** A face given up because what it was drawn from changed meanwhile (`watch`: RasterPool.cancelSlow). */
export class RasterCancelled extends Error {}

/** The per-face time limit (ms) and the raster process's memory limit (MB): the defaults, or SYZYGY_FACE_SECONDS / SYZYGY_RASTER_MB. */
export function faceLimits(env: NodeJS.ProcessEnv = process.env): { ms: number; mb: number } {
  const positive = (v: string | undefined, fallback: number): number => {
    const n = Number(v);
    return v !== undefined && /^\d+(\.\d+)?$/.test(v.trim()) && n > 0 ? n : fallback;
  };
  return { ms: positive(env.SYZYGY_FACE_SECONDS, FACE_SECONDS) * 1000, mb: positive(env.SYZYGY_RASTER_MB, RASTER_MB) };
}

interface RasterRequest {
  id: number;
  svg: string;
  widthPx: number;
  dpi: number;
  /** The bundled fonts plus the game faces the SVG names (fontFilesFor). */
  fontFiles: string[];
}

type RasterResponse = { id: number; ok: true; png: Uint8Array } | { id: number; ok: false; message: string };

interface Job {
  request: RasterRequest;
  resolve: (b: Buffer) => void;
  reject: (e: Error) => void;
  /** Ends the process when the face is past its time limit (started when the face is sent). */
  timer?: NodeJS.Timeout;
  sentAt?: number;
}

interface Slot {
  child: ChildProcess;
  ready: Promise<void>;
  jobs: Map<number, Job>;
  /** Why this pool ended the process (a face past its budget), so its exit is reported as that. */
  ended?: { job: number | undefined; reason: string };
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
    readonly limits = faceLimits(),
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
    const request: RasterRequest = { id: 0, svg, widthPx: pxFor(widthMm, dpi), dpi, fontFiles: fontFilesFor(svg) };
    return new Promise<Buffer>((resolve, reject) => this.submit({ request, resolve, reject }));
  }

  /** Sends a face to the least busy process; its time limit runs from when it is sent. */
  private submit(job: Job): void {
    if (this.closed) return job.reject(new Error("raster pool is closed"));
    const slot = this.pick();
    const id = this.nextId++;
    job.request = { ...job.request, id };
    // Counted at once, so faces asked for while a process starts are spread over the processes.
    slot.jobs.set(id, job);
    hold(slot.child, true);
    void slot.ready.then(() => {
      if (!slot.jobs.has(id)) return;
      slot.child.send(job.request);
      job.sentAt = performance.now();
      job.timer = setTimeout(() => this.endFor(slot, id, `took longer than ${this.limits.ms / 1000} s to rasterise (the per-face time limit)`), this.limits.ms);
      job.timer.unref();
    });
  }

  /**
   * Gives up the faces that have been rasterising for longer than `ms` (ending their process;
   * the others start again in a new one): `watch` calls it when a file changes while a face
   * hangs, so the edit that fixes the face is built at once. Whether any was given up.
   */
  cancelSlow(ms: number): boolean {
    const now = performance.now();
    let any = false;
    for (const slot of this.slots) {
      for (const [id, job] of slot.jobs) {
        if (job.sentAt !== undefined && now - job.sentAt > ms && slot.ended === undefined) {
          this.endFor(slot, id, "");
          any = true;
        }
      }
    }
    return any;
  }

  /** Ends a process for a face past its budget: that face fails, the others go to a new process. */
  private endFor(slot: Slot, id: number | undefined, reason: string): void {
    if (slot.ended !== undefined) return;
    slot.ended = { job: id, reason };
    slot.child.kill("SIGKILL");
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
    const env = { ...rasterProcessEnv(process.env, this.keepPages), SYZYGY_RASTER_MB: String(this.limits.mb) };
    const child = fork(PROCESS_FILE, [], { execArgv: ["--expose-gc"], env, serialization: "advanced", stdio: ["ignore", "ignore", "inherit", "ipc"] });
    let ready!: () => void;
    const slot: Slot = { child, ready: new Promise<void>((r) => (ready = r)), jobs: new Map() };
    child.on("message", (msg: RasterResponse | { ready: true } | { overMemory: number }) => {
      if ("ready" in msg) return ready();
      if ("overMemory" in msg) return this.endFor(slot, undefined, `made the raster process pass its memory limit of ${this.limits.mb} MB (it held ${msg.overMemory} MB)`);
      const job = slot.jobs.get(msg.id);
      slot.jobs.delete(msg.id);
      if (slot.jobs.size === 0) hold(child, false);
      if (job === undefined) return;
      clearTimeout(job.timer);
      if (msg.ok) job.resolve(Buffer.from(msg.png.buffer, msg.png.byteOffset, msg.png.byteLength));
      else job.reject(new Error(msg.message));
    });
    const fail = (err: Error): void => {
      const i = this.slots.indexOf(slot);
      if (i >= 0) this.slots.splice(i, 1);
      for (const job of slot.jobs.values()) clearTimeout(job.timer);
      const jobs = [...slot.jobs];
      slot.jobs.clear();
      ready();
      const ended = slot.ended;
      if (ended === undefined) {
        for (const [, job] of jobs) job.reject(err);
        return;
      }
      // The face past its time limit fails; faces beside it are not at fault and start again in a
      // new process. Past the memory limit, which face was the cause is not known: all fail.
      for (const [id, job] of jobs) {
        if (ended.reason === "" && ended.job === id) job.reject(new RasterCancelled("given up: its files changed while it was rasterising"));
        else if (ended.job === undefined || ended.job === id) job.reject(new FaceBudgetExceeded(`this face ${ended.reason}: ${FIX}`));
        else this.submit(job);
      }
    };
    let lostTimer: NodeJS.Timeout | undefined;
    child.on("error", (err) => {
      const lost = new RasterProcessLost(`the raster process could not run (${err.message})`);
      // A face sent to a process that has just died fails with EPIPE before its exit is seen:
      // wait for the exit, which says how it ended; fail here only if none comes.
      if ((err as NodeJS.ErrnoException).code === "EPIPE" && child.exitCode === null && child.signalCode === null) lostTimer = setTimeout(() => fail(lost), 1000);
      else fail(lost);
    });
    child.on("exit", (code, signal) => {
      clearTimeout(lostTimer);
      if (this.closed) return;
      // A renderer that crashes (its stack overflowed, it panicked) ends with a signal of its own.
      if (slot.ended === undefined && (signal === "SIGSEGV" || signal === "SIGABRT" || signal === "SIGBUS" || signal === "SIGILL")) {
        const n = slot.jobs.size;
        slot.ended = { job: undefined, reason: `crashed the renderer (${signal})${n > 1 ? ` — it or one of the ${n - 1} faces rasterised beside it` : ""}` };
      }
      fail(new RasterProcessLost(`the raster process ended (${signal ?? `exit code ${code}`})`));
    });
    this.slots.push(slot);
    return slot;
  }

  async close(): Promise<void> {
    this.closed = true;
    const slots = this.slots.splice(0);
    const busy = new Set(slots.filter((s) => s.jobs.size > 0));
    for (const s of slots) {
      for (const job of s.jobs.values()) {
        clearTimeout(job.timer);
        job.reject(new Error("raster pool closed"));
      }
      s.jobs.clear();
    }
    await Promise.all(slots.map((s) => end(s.child, busy.has(s))));
  }
}

/** What a face past its budget is to do, said after the reason. */
const FIX = "simplify its drawing (fewer or smaller filters, masks and clip-paths; smaller images), then build again; the previous outputs are kept";

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

/**
 * Closes the channel (the process exits on that) and waits until it has gone with its memory;
 * one still drawing (a face that hangs, a watch stopped by ^C) is killed rather than waited for.
 */
function end(child: ChildProcess, busy: boolean): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  hold(child, true);
  const gone = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  if (busy) child.kill("SIGKILL");
  else if (child.connected) child.disconnect();
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
