/**
 * One cold build of every game of data/ (A4 + Letter PDFs, PNGs, empty out/ and cache) in this
 * process, as `syzygy build` runs it; prints {ms, cpuMs, rssMb} as JSON. Run by bench/paths.ts in
 * child processes, so each variant starts as a user's build does.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { tuneV8ForBuilds } from "../src/pipeline/v8-tuning";

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
const cpu0 = process.cpuUsage();
const start = performance.now();
const inputs = gameIds(data).map((id) => ({ game: renderGameFrom(loadGame(data, id, { templatesDir: templates })), templates: new TemplateSet(templates) }));
await buildGames(inputs, { outDir: out, papers: ["a4", "letter"], png: true });
const ms = performance.now() - start;
const cpu = process.cpuUsage(cpu0);
await closeSharedRasterPool();
rmSync(out, { recursive: true, force: true });
process.stdout.write(JSON.stringify({ ms: Math.round(ms), cpuMs: Math.round((cpu.user + cpu.system) / 1000), rssMb: Math.round(process.resourceUsage().maxRSS / 1024) }) + "\n");
