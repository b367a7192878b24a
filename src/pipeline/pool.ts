/**
 * A small pool of worker threads that run build tasks, plus the calling thread as one more lane.
 * The compiled CLI starts ./worker.js as it is; from the TypeScript sources (tsx, vitest) the
 * worker loads worker.ts through tsx's loader.
 * Workers start lazily and are unref'd while idle, so an unclosed pool never keeps a process alive.
 */
import { availableParallelism } from "node:os";
import { createRequire } from "node:module";
import { Worker } from "node:worker_threads";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";
import type { Request, Response, Task } from "./worker";
import { COMPILED } from "../package-root";

const require = createRequire(import.meta.url);

function startWorker(): Worker {
  const options = { execArgv: [], stderr: false };
  if (COMPILED) return new Worker(new URL("./worker.js", import.meta.url), options);
  // tsx's default loader registers itself on the main thread only; its ESM API registers anywhere.
  const tsxApi = pathToFileURL(join(dirname(require.resolve("tsx/package.json")), "dist/esm/api/index.mjs")).href;
  const workerUrl = new URL("./worker.ts", import.meta.url).href;
  const boot = `import(${JSON.stringify(tsxApi)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(workerUrl)}); });`;
  return new Worker(boot, { ...options, eval: true });
}

interface Pending {
  task: Task;
  resolve: (b: Buffer) => void;
  reject: (e: Error) => void;
}

interface Slot {
  worker: Worker;
  busy?: { id: number; pending: Pending };
  ready: boolean;
}

/**
 * Worker threads by default: the cores the rasteriser (one raster thread per core) leaves free.
 * The calling thread is a lane too: it takes a task whenever every worker is busy or still
 * starting. On 2 cores that means no worker at all: the main thread draws the PDFs while the
 * raster threads rasterise (and PDF art converted once serves every PDF of the thread). Measured against two workers: ~25 % less CPU for a cold build (no extra copies
 * of the module graph to load and JIT), ~180 MB less peak memory, and the same time for a one-card
 * edit on a busy machine (one worker plus the main thread was no faster either).
 */
export function defaultThreads(): number {
  return Math.max(0, availableParallelism() - 2);
}

export class WorkerPool {
  private readonly slots: Slot[] = [];
  private readonly queue: { id: number; pending: Pending }[] = [];
  private nextId = 1;
  private closed = false;
  private callerBusy = false;

  /** `callerLane`: also run tasks on the calling thread (size 0 runs every task there, in turn). */
  constructor(
    readonly size = defaultThreads(),
    readonly callerLane = true,
  ) {}

  run(task: Task): Promise<Buffer> {
    if (this.closed) return Promise.reject(new Error("worker pool is closed"));
    return new Promise<Buffer>((resolve, reject) => {
      this.queue.push({ id: this.nextId++, pending: { task, resolve, reject } });
      this.pump();
    });
  }

  private runOnCaller(pending: Pending): void {
    this.callerBusy = true;
    // The PDF modules (pdfkit, fontkit) load on the first PDF this thread draws, not at start-up.
    import("./worker")
      .then((worker) => worker.run(pending.task))
      .then(pending.resolve, (err: unknown) => pending.reject(err instanceof Error ? err : new Error(String(err))))
      .finally(() => {
        this.callerBusy = false;
        this.pump();
      });
  }

  private spawn(): Slot {
    const worker = startWorker();
    const slot: Slot = { worker, ready: false };
    worker.on("message", (msg: Response | { ready: true }) => {
      if ("ready" in msg) {
        slot.ready = true;
        this.pump();
        return;
      }
      const job = slot.busy;
      slot.busy = undefined;
      if (job !== undefined && job.id === msg.id) {
        if (msg.ok) job.pending.resolve(Buffer.from(msg.data.buffer, msg.data.byteOffset, msg.data.byteLength));
        else job.pending.reject(Object.assign(new Error(msg.message), msg.os));
      }
      this.pump();
    });
    worker.on("error", (err) => this.fail(slot, err));
    worker.on("exit", (code) => {
      if (!this.closed) this.fail(slot, new Error(`build worker exited with code ${code}`));
    });
    this.slots.push(slot);
    return slot;
  }

  private fail(slot: Slot, err: Error): void {
    const i = this.slots.indexOf(slot);
    if (i >= 0) this.slots.splice(i, 1);
    slot.busy?.pending.reject(err);
    slot.busy = undefined;
    void slot.worker.terminate();
    this.pump();
  }

  private pump(): void {
    while (this.queue.length > 0) {
      const slot = this.slots.find((s) => s.ready && s.busy === undefined);
      if (slot === undefined) {
        if (this.slots.length < this.size) this.spawn();
        if ((this.callerLane || this.size === 0) && !this.callerBusy) {
          this.runOnCaller(this.queue.shift()!.pending);
          continue;
        }
        break;
      }
      const job = this.queue.shift()!;
      slot.busy = job;
      slot.worker.postMessage({ id: job.id, task: job.pending.task } satisfies Request);
    }
    // Hold the process open only while there is work; idle workers never keep it alive.
    const working = this.queue.length > 0 || this.slots.some((s) => s.busy !== undefined);
    for (const s of this.slots) {
      if (working && (s.busy !== undefined || !s.ready)) s.worker.ref();
      else s.worker.unref();
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const job of this.queue.splice(0)) job.pending.reject(new Error("worker pool closed"));
    await Promise.all(this.slots.splice(0).map((s) => s.worker.terminate()));
  }
}
