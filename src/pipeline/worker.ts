/**
 * Worker thread of the build pool: draws a PDF off the main thread (on machines with cores to
 * spare), so a cold build keeps every core busy and watch stays responsive. Faces are rasterised
 * by the raster pool (src/render/raster-pool.ts). Messages are plain data.
 */
import { parentPort } from "node:worker_threads";
import { writePdf, type ArtStore, type PdfMeta } from "../render/pdf";
import type { Page } from "../render/page";
import { registerGameFonts, type GameFont } from "../render/fonts";

/** `fonts`: the game's own fonts, registered in this thread so the PDF embeds the faces the SVGs name. */
export type Task = { kind: "pdf"; pages: Page[]; faces: [string, string][]; meta: PdfMeta; art?: ArtStore; fonts?: GameFont[] };

export interface Request {
  id: number;
  task: Task;
}

/** A failure: its message, and an OS error's code, call and file (so the CLI can say what to do). */
export type Response = { id: number; ok: true; data: Uint8Array } | { id: number; ok: false; message: string; os?: { code: string; syscall?: string; path?: string } };

export async function run(task: Task): Promise<Buffer> {
  registerGameFonts(task.fonts ?? []);
  return writePdf(task.pages, new Map(task.faces), task.meta, task.art);
}

parentPort?.on("message", (req: Request) => {
  run(req.task).then(
    (buf) => {
      const data = new Uint8Array(buf.buffer, buf.byteOffset, buf.byteLength);
      const res: Response = { id: req.id, ok: true, data };
      parentPort?.postMessage(res);
    },
    (err: unknown) => {
      const e = err as NodeJS.ErrnoException;
      const os = typeof e?.code === "string" ? { code: e.code, syscall: e.syscall, path: e.path } : undefined;
      const res: Response = { id: req.id, ok: false, message: err instanceof Error ? err.message : String(err), os };
      parentPort?.postMessage(res);
    },
  );
});
parentPort?.postMessage({ ready: true });
