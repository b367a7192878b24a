/**
 * Print-on-demand exports of one game: The Game Crafter zips and DriveThruCards PDFs, one per card
 * deck, under <out>/<game>/pod/<service>/. Everything is made in memory first and then written
 * atomically, so a failure leaves the previous exports as they were.
 */
import { rmSync } from "node:fs";
import { join } from "node:path";
import { renderSides } from "../render/build";
import type { TemplateSet } from "../render/face";
import { ownEntries, writeFileAtomic } from "../render/files";
import { PAPERS } from "../render/page";
import { writePdf } from "../render/pdf";
import { BLEED_MM, type RenderGame, type Warning } from "../render/types";
import { podDecks, type PodDeck } from "./decks";
import { dtcPages } from "./dtc";
import { SERVICE_NAMES, type PodService } from "./sizes";
import { tgcZips } from "./tgc";

export { SERVICE_NAMES, type PodService } from "./sizes";

export const POD_SERVICES: PodService[] = ["tgc", "dtc"];

/** DriveThruCards asks for 1/8 in of bleed on every side. */
export const DEFAULT_POD_BLEED_MM = BLEED_MM;

export interface PodOptions {
  outDir: string;
  services: PodService[];
  /** Bleed of the DriveThruCards pages (The Game Crafter's templates fix theirs at 1/8 in). */
  bleedMm: number;
}

export interface PodResult {
  game: string;
  files: string[];
  /** Decks left out, blank backs. */
  warnings: Warning[];
  /** Warnings from rendering the decks' art (text overflow…), as `syzygy build` reports them. */
  renderWarnings: Warning[];
}

/** The art carries BLEED_MM of bleed: a page cannot show more than that. */
export function checkBleed(bleedMm: number): string | undefined {
  if (!Number.isFinite(bleedMm) || bleedMm < 0 || bleedMm > BLEED_MM) {
    return `bleed must be between 0 and ${BLEED_MM} mm (the bleed the card art is drawn with), got ${bleedMm}`;
  }
  return undefined;
}

export function podDir(outDir: string, game: string, service: PodService): string {
  return join(outDir, game, "pod", service);
}

function podFile(outDir: string, game: string, service: PodService, deck: PodDeck): string {
  return join(podDir(outDir, game, service), `${game}-${deck.component.id}.${service === "tgc" ? "zip" : "pdf"}`);
}

/** Exports of decks that no longer exist would linger and be uploaded by mistake. */
function removeStale(dir: string, keep: Set<string>): void {
  for (const name of ownEntries(dir)) {
    const file = join(dir, name);
    if ((name.endsWith(".zip") || name.endsWith(".pdf")) && !keep.has(file)) rmSync(file);
  }
}

export async function exportPod(game: RenderGame, templates: TemplateSet, opts: PodOptions): Promise<PodResult> {
  const bad = checkBleed(opts.bleedMm);
  if (bad !== undefined) throw new Error(bad);
  const warnings: Warning[] = [];
  const plans = opts.services.map((service) => {
    const r = podDecks(game, service);
    warnings.push(...r.warnings);
    return { service, decks: r.decks };
  });
  // Only the decks' sides are rendered: sheets, boards and tokens are not exported.
  const ids = new Set(plans.flatMap((p) => p.decks.map((d) => d.component.id)));
  const rendered = renderSides({ ...game, components: game.components.filter((c) => ids.has(c.id)) }, templates);
  const art = new Map(rendered.sides.map((s) => [s.key, s.svg]));

  const outputs: { file: string; data: Buffer }[] = [];
  for (const { service, decks } of plans) {
    if (service === "tgc") {
      for (const { deck, zip } of await tgcZips(decks, art)) outputs.push({ file: podFile(opts.outDir, game.id, service, deck), data: zip });
      continue;
    }
    for (const deck of decks) {
      const pdf = await writePdf(dtcPages(deck, opts.bleedMm), art, {
        title: `${game.title} — ${deck.component.title} (${SERVICE_NAMES[service]}, ${deck.size.name}, ${opts.bleedMm} mm bleed)`,
        footer: game.title,
        paper: PAPERS.a4,
        duplex: "long",
      });
      outputs.push({ file: podFile(opts.outDir, game.id, service, deck), data: pdf });
    }
  }
  for (const o of outputs) writeFileAtomic(o.file, o.data);
  const files = outputs.map((o) => o.file).sort();
  for (const service of opts.services) removeStale(podDir(opts.outDir, game.id, service), new Set(files));
  return { game: game.id, files, warnings, renderWarnings: rendered.warnings };
}
