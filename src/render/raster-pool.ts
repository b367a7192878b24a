/**
 * Rasterising threads (raster-worker.mjs): `png` is `svgToPng` run on one of them. The
 * main thread keeps no pixels at all, and a face's pixels are freed as soon as it is encoded
 * (see the worker), which bounds a cold build's memory; the main thread is also left to the SVGs
 * and PDFs. Workers start on first use and never hold the process open while idle.
 */
import { availableParallelism } from "node:os";
import { Worker } from "node:worker_threads";
import { fontFilesFor } from "./fonts";
import { pxFor } from "./png";
import { DPI } from "./types";

const WORKER_URL = new URL("./raster-worker.mjs", import.meta.url);

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
  worker: Worker;
  ready: Promise<void>;
  jobs: Map<number, { resolve: (b: Buffer) => void; reject: (e: Error) => void }>;
}

export class RasterPool {
  private readonly slots: Slot[] = [];
  private nextId = 1;
  private closed = false;

  constructor(readonly size = Math.max(1, availableParallelism())) {}

  /** Worker threads started so far. */
  get started(): number {
    return this.slots.length;
  }

  /** `svgToPng(svg, widthMm, dpi)`, byte for byte, on a raster thread. */
  png(svg: string, widthMm: number, dpi = DPI): Promise<Buffer> {
    if (this.closed) return Promise.reject(new Error("raster pool is closed"));
    const slot = this.pick();
    const id = this.nextId++;
    const fontFiles = fontFilesFor(svg);
    return new Promise<Buffer>((resolve, reject) => {
      // Counted at once, so faces asked for while a worker starts are spread over the workers.
      slot.jobs.set(id, { resolve, reject });
      slot.worker.ref();
      void slot.ready.then(() => {
        if (slot.jobs.has(id)) slot.worker.postMessage({ id, svg, widthPx: pxFor(widthMm, dpi), dpi, fontFiles } satisfies RasterRequest);
      });
    });
  }

  /** Starts every worker now (e.g. while `watch` waits for the first edit); they stay idle, unref'd. */
  async warm(): Promise<void> {
    while (this.slots.length < this.size && !this.closed) this.spawn();
    await Promise.all(this.slots.map((s) => s.ready));
    for (const s of this.slots) if (s.jobs.size === 0) s.worker.unref();
  }

  /** The least busy worker, starting another while there are fewer than `size`. */
  private pick(): Slot {
    const idle = this.slots.find((s) => s.jobs.size === 0);
    if (idle) return idle;
    if (this.slots.length < this.size) return this.spawn();
    return this.slots.reduce((a, b) => (b.jobs.size < a.jobs.size ? b : a));
  }

  private spawn(): Slot {
    const worker = new Worker(WORKER_URL, { execArgv: [], stderr: false });
    let ready!: () => void;
    const slot: Slot = { worker, ready: new Promise<void>((r) => (ready = r)), jobs: new Map() };
    worker.on("message", (msg: RasterResponse | { ready: true }) => {
      if ("ready" in msg) return ready();
      const job = slot.jobs.get(msg.id);
      slot.jobs.delete(msg.id);
      if (slot.jobs.size === 0) worker.unref();
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
    worker.on("error", fail);
    worker.on("exit", (code) => {
      if (!this.closed) fail(new Error(`raster worker exited with code ${code}`));
    });
    this.slots.push(slot);
    return slot;
  }

  async close(): Promise<void> {
    this.closed = true;
    const slots = this.slots.splice(0);
    for (const s of slots) for (const job of s.jobs.values()) job.reject(new Error("raster pool closed"));
    await Promise.all(slots.map((s) => s.worker.terminate()));
  }
}

let shared: RasterPool | undefined;

/** One raster pool per process (its idle workers never hold the process open). */
export function sharedRasterPool(): RasterPool {
  shared ??= new RasterPool();
  return shared;
}

/** Stops the shared pool's workers (their heaps and pixel buffers go); the next use starts anew. */
export async function closeSharedRasterPool(): Promise<void> {
  const pool = shared;
  shared = undefined;
  await pool?.close();
}
