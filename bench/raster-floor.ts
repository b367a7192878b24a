/**
 * The raster floor's parts on the peer-shaped job (the 52-card deck `syzygy new` scaffolds, every
 * unique face at 300 dpi), measured one face at a time so CPU time is the part's own (issue 28):
 *
 * - SVG → pixmap: resvg, as the raster process calls it (src/render/raster-core.mjs);
 * - PNG encoding of those pixmaps by sharp at zlib levels 1, 3, 6 (what the build writes: sharp's
 *   default) and 9: CPU per face and bytes per face;
 * - threads: every face through the build's raster process (src/render/raster-pool.ts) with 1, 2
 *   and 3 threads in its pool (UV_THREADPOOL_SIZE): wall and CPU (this process's and the raster
 *   process's).
 *
 * Run: `npx tsx bench/raster-floor.ts [--json]` (also part of `npm run bench`).
 */
import { rmSync } from "node:fs";
import { loadavg } from "node:os";
import { join } from "node:path";
import { renderAsync } from "@resvg/resvg-js";
import sharp from "sharp";
import { loadGame } from "../src/model/load";
import { renderSides } from "../src/render/build";
import { TemplateSet } from "../src/render/face";
import { fontFilesFor } from "../src/render/fonts";
import { pxFor } from "../src/render/png";
import { RasterPool } from "../src/render/raster-pool";
import { processCpuMs } from "./tree-usage.mjs";
import { renderGameFrom } from "../src/render/source";
import { BLEED_MM } from "../src/render/types";
import { mapLimit } from "../src/render/map-limit";
import { scaffoldDeck } from "./builds";

export const PNG_LEVELS = [1, 3, 6, 9] as const;
/** The level the build writes (sharp's default, src/render/raster-core.mjs). */
export const BUILD_LEVEL = 6;

export interface FloorBench {
  load: number[];
  faces: number;
  /** CPU ms per face. */
  renderCpuMs: number;
  encode: { level: number; cpuMs: number; kb: number }[];
  threads: { threads: number; wallMs: number; cpuMs: number }[];
}

const cpuMs = (): number => {
  const c = process.cpuUsage();
  return (c.user + c.system) / 1000;
};

function deckFaces(): { svg: string; widthMm: number }[] {
  const { root, data } = scaffoldDeck();
  try {
    const templates = join(root, "templates");
    const game = renderGameFrom(loadGame(data, "bench-poker", { templatesDir: templates }));
    const unique = new Map<string, { svg: string; widthMm: number }>();
    for (const s of renderSides(game, new TemplateSet(templates)).sides) unique.set(s.svg, { svg: s.svg, widthMm: s.component.width + 2 * BLEED_MM });
    return [...unique.values()];
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

export async function floorBench(): Promise<FloorBench> {
  const before = loadavg();
  // As the raster process runs it: one libvips thread per image, no operation cache.
  sharp.cache(false);
  const concurrency = sharp.concurrency();
  sharp.concurrency(1);
  const faces = deckFaces();
  let render = 0;
  const encode = new Map<number, { cpu: number; bytes: number }>(PNG_LEVELS.map((l) => [l, { cpu: 0, bytes: 0 }]));
  for (const round of [0, 1]) {
    // Round 0 warms up (fonts parsed, code compiled); round 1 is measured.
    for (const f of faces) {
      let c = cpuMs();
      const image = await renderAsync(f.svg, {
        fitTo: { mode: "width", value: pxFor(f.widthMm) },
        font: { fontFiles: fontFilesFor(f.svg), loadSystemFonts: false, defaultFontFamily: "Inter", sansSerifFamily: "Inter" },
        shapeRendering: 2,
        textRendering: 1,
        logLevel: "off",
      });
      const pixels = image.pixels;
      if (round === 1) render += cpuMs() - c;
      for (const level of PNG_LEVELS) {
        c = cpuMs();
        const png = await sharp(pixels, { raw: { width: image.width, height: image.height, channels: 4 } }).withDensity(300).png({ compressionLevel: level }).toBuffer();
        if (round === 1) {
          const e = encode.get(level)!;
          e.cpu += cpuMs() - c;
          e.bytes += png.length;
        }
      }
    }
  }
  sharp.concurrency(concurrency);
  const threads: FloorBench["threads"] = [];
  const savedThreads = process.env.UV_THREADPOOL_SIZE;
  for (const n of [1, 2, 3]) {
    process.env.UV_THREADPOOL_SIZE = String(n); // read by the raster process as it starts
    const pool = new RasterPool();
    await pool.warm();
    const both = (): number => cpuMs() + processCpuMs(pool.pids[0]);
    const c = both();
    const t = performance.now();
    await mapLimit(faces, n + 1, async (f) => void (await pool.png(f.svg, f.widthMm)));
    threads.push({ threads: n, wallMs: Math.round(performance.now() - t), cpuMs: Math.round(both() - c) });
    await pool.close();
  }
  if (savedThreads === undefined) delete process.env.UV_THREADPOOL_SIZE;
  else process.env.UV_THREADPOOL_SIZE = savedThreads;
  const n = faces.length;
  return {
    load: [...before, ...loadavg()].map((x) => Number(x.toFixed(1))),
    faces: n,
    renderCpuMs: Number((render / n).toFixed(1)),
    encode: PNG_LEVELS.map((level) => ({ level, cpuMs: Number((encode.get(level)!.cpu / n).toFixed(1)), kb: Math.round(encode.get(level)!.bytes / n / 1024) })),
    threads,
  };
}

export function formatFloorBench(b: FloorBench): string {
  const build = b.encode.find((e) => e.level === BUILD_LEVEL)!;
  const perFace = b.renderCpuMs + build.cpuMs;
  const lines = [`raster floor's parts, ${b.faces} unique faces of the 52-card deck at 300 dpi (load ${b.load.slice(0, 3).join(" ")} before, ${b.load.slice(3).join(" ")} after)`];
  lines.push(`  SVG → pixmap (resvg)       ${b.renderCpuMs} CPU-ms/face = ${((b.renderCpuMs / perFace) * 100).toFixed(0)} % of a face`);
  for (const e of b.encode) {
    const vs = e.level === BUILD_LEVEL ? "(the build's)" : `time ${e.cpuMs <= build.cpuMs ? "−" : "+"}${Math.abs((1 - e.cpuMs / build.cpuMs) * 100).toFixed(0)} %, size ${e.kb >= build.kb ? "+" : "−"}${Math.abs((e.kb / build.kb - 1) * 100).toFixed(0)} %; a face ${(((b.renderCpuMs + e.cpuMs) / perFace - 1) * 100).toFixed(1)} %`;
    lines.push(`  PNG encoding, zlib level ${e.level}  ${e.cpuMs} CPU-ms/face, ${e.kb} KB/face  ${vs}`);
  }
  const one = b.threads[0];
  for (const t of b.threads) lines.push(`  ${t.threads} raster thread${t.threads === 1 ? " " : "s"}           ${t.wallMs} ms wall (${(one.wallMs / t.wallMs).toFixed(2)}× one thread), ${t.cpuMs} CPU-ms`);
  return lines.join("\n");
}

if (process.argv[1] !== undefined && import.meta.filename === process.argv[1]) {
  const b = await floorBench();
  process.stdout.write(process.argv.includes("--json") ? JSON.stringify(b, null, 2) + "\n" : formatFloorBench(b) + "\n");
}
