/**
 * One cold build of every game of data/ (A4 + Letter PDFs, PNGs, empty out/ and cache) in this
 * process, as `syzygy build` runs it; prints {ms, cpuMs, rssMb} as JSON (CPU and memory with the
 * raster process's). Run by bench/paths.ts in
 * child processes, so each variant starts as a user's build does.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { tuneV8ForBuilds } from "../src/pipeline/v8-tuning";
import { endedChildrenCpuMs, sampleTree } from "./tree-usage.mjs";

tuneV8ForBuilds();
const { buildGames } = await import("../src/pipeline/incremental");
const { gameIds, loadGame } = await import("../src/model/load");
const { renderGameFrom } = await import("../src/render/source");
const { TemplateSet } = await import("../src/render/face");
const { closeSharedRasterPool } = await import("../src/render/raster-pool");

const REPO = join(import.meta.dirname, "..");
const data = join(REPO, "data");
const templates = join(REPO, "templates");
const out = mkdtempSync(join(tmpdir(), "syzygy-cold-"));
/** This process's CPU and that of the children it waited for (the raster process, once closed). */
const cpuMs = (): number => {
  const own = process.cpuUsage();
  return (own.user + own.system) / 1000 + endedChildrenCpuMs();
};
const memory = sampleTree(process.pid);
const cpu0 = cpuMs();
const start = performance.now();
const inputs = gameIds(data).map((id) => ({ game: renderGameFrom(loadGame(data, id, { templatesDir: templates })), templates: new TemplateSet(templates) }));
await buildGames(inputs, { outDir: out, papers: ["a4", "letter"], png: true });
const ms = performance.now() - start;
await closeSharedRasterPool();
const cpu = cpuMs() - cpu0;
rmSync(out, { recursive: true, force: true });
process.stdout.write(JSON.stringify({ ms: Math.round(ms), cpuMs: Math.round(cpu), rssMb: Math.round(memory.stop()) }) + "\n");
