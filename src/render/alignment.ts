/**
 * A one-sheet duplex alignment test: frames at the card positions on the front, the same frames
 * mirrored (and shifted by the back offset) on the back, each with a millimetre scale. Hold the
 * printed sheet against a light: how far the back frames sit from the front ones is the offset to
 * pass as --back-offset.
 */
import { BLEED_MM, type RenderComponent } from "./types";
import { imposeCards } from "./kinds/card";
import { printSequence } from "./kinds/index";
import type { Page, Paper, PrintOptions } from "./page";

const f = (n: number): string => (Math.round(n * 1000) / 1000).toString();

function frameSvg(w: number, h: number, label: string, color: string): string {
  const b = BLEED_MM;
  const ticks: string[] = [];
  for (let i = -5; i <= 5; i++) {
    const t = i === 0 ? 4 : i % 5 === 0 ? 3 : 1.8;
    ticks.push(`<line x1="${f(w / 2 + i)}" y1="0" x2="${f(w / 2 + i)}" y2="${t}" />`);
    ticks.push(`<line x1="0" y1="${f(h / 2 + i)}" x2="${t}" y2="${f(h / 2 + i)}" />`);
  }
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${f(w + 2 * b)}" height="${f(h + 2 * b)}" viewBox="${f(-b)} ${f(-b)} ${f(w + 2 * b)} ${f(h + 2 * b)}">` +
    `<rect x="0.2" y="0.2" width="${f(w - 0.4)}" height="${f(h - 0.4)}" fill="none" stroke="${color}" stroke-width="0.4"/>` +
    `<g stroke="${color}" stroke-width="0.2">${ticks.join("")}` +
    `<line x1="${f(w / 2 - 6)}" y1="${f(h / 2)}" x2="${f(w / 2 + 6)}" y2="${f(h / 2)}"/><line x1="${f(w / 2)}" y1="${f(h / 2 - 6)}" x2="${f(w / 2)}" y2="${f(h / 2 + 6)}"/></g>` +
    `<text x="${f(w / 2)}" y="${f(h / 2 + 14)}" font-family="Inter" font-weight="bold" font-size="4" text-anchor="middle" fill="${color}">${label}</text>` +
    `</svg>`
  );
}

export function alignmentTest(card: { width: number; height: number }, paper: Paper, opts: PrintOptions): { pages: Page[]; faces: Map<string, string> } {
  const component: RenderComponent = {
    id: "alignment",
    kind: "card",
    title: "Duplex alignment test: print both sides at 100 %, hold to the light",
    width: card.width,
    height: card.height,
    shape: { type: "rect" },
    faceTemplate: "-",
    backTemplate: "-",
    values: {},
    items: [{ id: "frame", copies: 9, values: {} }],
  };
  const pages = printSequence(imposeCards(component, paper, { ...opts, cutLines: false }).slice(0, 1), paper);
  const faces = new Map<string, string>([
    ["alignment/frame", frameSvg(card.width, card.height, "FRONT", "#0050c8")],
    ["alignment/back", frameSvg(card.width, card.height, "BACK", "#d02020")],
  ]);
  return { pages, faces };
}
