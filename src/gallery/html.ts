/**
 * The preview gallery of one game as a single static HTML page: the build's warnings, thumbnails
 * of the printed pages in print order (per paper), then every face and back of every component
 * (cards, boards, sheets, tokens), grouped by component, with captions carrying the printed text
 * and the number of copies printed, a trim and safe-area overlay that can be switched on, and a
 * text filter. Pure: data in, HTML string out. Game-agnostic: captions come from the generic
 * item values (name, title, subtitle, text, flavor).
 */
import type { RenderedSide } from "../render/build";
import { BLEED_MM, type CutShape, type RenderComponent, type RenderGame, type Warning } from "../render/types";
import type { PaperThumbs } from "./page-thumbs";

export interface GalleryInput {
  game: RenderGame;
  sides: RenderedSide[];
  /** Face key → content hash, appended to image URLs so browsers never show a stale PNG. */
  hashes: Map<string, string>;
  /** PNGs were written (with --no-png the gallery lists captions only). */
  png: boolean;
  /** Print files, relative to out/<game>/. */
  pdfs: string[];
  /** Those of `pdfs` made from older data than this gallery shows. */
  stale?: string[];
  /** Warnings of the build (template text that overflowed, missing icons…). */
  warnings?: Warning[];
  /** Thumbnails of the printed pages, per paper, in print order. */
  pages?: PaperThumbs[];
}

/** The safe area: 1/8 in inside the trim (the templates' `frame.safe`). */
const SAFE_MM = BLEED_MM;

/** HTML text and attribute values: the five characters that could end or open markup. */
export const esc = (s: string): string => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Keys whose values are styling, not printed words. */
const NOT_TEXT = new Set(["colours", "style", "styles", "palette", "image", "set", "copies"]);

function strings(value: unknown, out: string[], depth = 0): void {
  if (depth > 6) return;
  if (typeof value === "string") out.push(value);
  else if (typeof value === "number") out.push(String(value));
  else if (Array.isArray(value)) for (const v of value) strings(v, out, depth + 1);
  else if (value !== null && typeof value === "object") {
    for (const [k, v] of Object.entries(value)) if (!NOT_TEXT.has(k)) strings(v, out, depth + 1);
  }
}

/** `:icon:` tokens read as their names; whitespace collapsed. */
function plain(s: string): string {
  return s.replace(/:([a-z0-9-]+):/g, "$1").replace(/\s+/g, " ").trim();
}

function str(v: unknown): string | undefined {
  return typeof v === "string" && v.trim() !== "" ? plain(v) : typeof v === "number" ? String(v) : undefined;
}

function caption(side: RenderedSide): { title: string; lines: string[]; search: string } {
  const values = side.side === "back" && side.item.backValues ? side.item.backValues : side.item.values;
  const name = str(values.name) ?? str(values.title) ?? side.item.id;
  const title = str(values.title);
  const shared = side.side === "back" && side.item.id === "back";
  const heading = shared ? "Back" : side.side === "back" ? `${name} (back)` : name;
  const lines = shared ? [] : [title === name ? undefined : title, str(values.subtitle), str(values.text), str(values.flavor)].filter((s): s is string => s !== undefined);
  const words: string[] = [side.component.title, side.component.id, side.item.id, side.side];
  if (!shared) strings(values, words);
  return { title: heading, lines, search: plain(words.join(" ")).toLowerCase() };
}

/** Display width in CSS px: 2.6 px per mm of the full art (with bleed), capped for big sheets. */
function displayWidth(c: RenderComponent): number {
  return Math.min(520, Math.round((c.width + 2 * BLEED_MM) * 2.6));
}

/**
 * How many of this side are printed: an item's copies for its face (and its own back); for a
 * component's shared back, the copies of every item that has no back of its own.
 */
export function copiesOf(side: RenderedSide): number {
  if (side.side === "back" && side.item.id === "back" && !side.item.backTemplate) {
    return side.component.items.filter((i) => !i.backTemplate).reduce((n, i) => n + i.copies, 0);
  }
  return side.item.copies;
}

const mm = (n: number): string => String(Math.round(n * 1000) / 1000);

/** The cut shape of a w×h piece, inset by `by` mm, as an SVG path (mm, origin at the trim's top-left). */
export function shapeOutline(shape: CutShape, w: number, h: number, by: number): string {
  const cx = w / 2;
  const cy = h / 2;
  if (shape.type === "circle" || shape.type === "pie") {
    const r = Math.max(0, Math.min(w, h) / 2 - by);
    if (shape.type === "circle") return `M${mm(cx - r)} ${mm(cy)}a${mm(r)} ${mm(r)} 0 1 0 ${mm(2 * r)} 0a${mm(r)} ${mm(r)} 0 1 0 ${mm(-2 * r)} 0Z`;
    // A slice pointing up from the centre; inset, its straight edges move in by `by` too.
    const half = Math.PI / shape.slices;
    const ay = cy - (half < Math.PI / 2 ? by / Math.sin(half) : by);
    const p = (a: number): string => `${mm(cx + r * Math.sin(a))} ${mm(cy - r * Math.cos(a))}`;
    return `M${mm(cx)} ${mm(ay)}L${p(-half)}A${mm(r)} ${mm(r)} 0 0 1 ${p(half)}Z`;
  }
  const x = by;
  const y = by;
  const iw = Math.max(0, w - 2 * by);
  const ih = Math.max(0, h - 2 * by);
  const r = Math.max(0, Math.min((shape.radius ?? 0) - by, iw / 2, ih / 2));
  if (r === 0) return `M${mm(x)} ${mm(y)}h${mm(iw)}v${mm(ih)}h${mm(-iw)}Z`;
  return (
    `M${mm(x + r)} ${mm(y)}h${mm(iw - 2 * r)}a${mm(r)} ${mm(r)} 0 0 1 ${mm(r)} ${mm(r)}v${mm(ih - 2 * r)}` +
    `a${mm(r)} ${mm(r)} 0 0 1 ${mm(-r)} ${mm(r)}h${mm(-(iw - 2 * r))}a${mm(r)} ${mm(r)} 0 0 1 ${mm(-r)} ${mm(-r)}v${mm(-(ih - 2 * r))}a${mm(r)} ${mm(r)} 0 0 1 ${mm(r)} ${mm(-r)}Z`
  );
}

/** Trim (where it is cut) and safe area (where text is safe from a cutting error) over the art with bleed. */
function guides(component: RenderComponent): string {
  const b = BLEED_MM;
  return (
    `<svg class="guides" viewBox="${mm(-b)} ${mm(-b)} ${mm(component.width + 2 * b)} ${mm(component.height + 2 * b)}" aria-hidden="true">` +
    `<path class="trim" d="${shapeOutline(component.shape, component.width, component.height, 0)}"/>` +
    `<path class="safe" d="${shapeOutline(component.shape, component.width, component.height, SAFE_MM)}"/></svg>`
  );
}

/** What a face's warnings name it (src/render/face.ts): game/component/item, " (back)" for a back. */
function whereOf(game: string, side: RenderedSide): string {
  return `${game}/${side.component.id}/${side.item.id}${side.side === "back" ? " (back)" : ""}`;
}

/** The faces whose text does not fit, by side key. */
function overflowing(input: GalleryInput): Map<string, string[]> {
  const byWhere = new Map<string, string[]>();
  for (const w of input.warnings ?? []) if (w.kind === "overflow") byWhere.set(w.where, [...(byWhere.get(w.where) ?? []), w.message]);
  const out = new Map<string, string[]>();
  for (const side of input.sides) {
    const found = byWhere.get(whereOf(input.game.id, side));
    if (found !== undefined) out.set(side.key, found);
  }
  return out;
}

/** The list at the top: every face whose text does not fit, linked to its figure. */
function overflowSection(over: Map<string, string[]>): string {
  if (over.size === 0) return "";
  const items = [...over].map(([key, msgs]) => `<li><a href="#side-${esc(key)}"><code>${esc(key)}</code></a> ${esc(msgs.join("; "))}</li>`).join("\n");
  return `<section id="overflow" data-count="${over.size}"><h2>Text that does not fit <small>${over.size}</small></h2><ul>${items}</ul></section>`;
}

function figure(side: RenderedSide, input: GalleryInput, over?: string[]): string {
  const c = caption(side);
  const w = displayWidth(side.component);
  const h = Math.round((w * (side.component.height + 2 * BLEED_MM)) / (side.component.width + 2 * BLEED_MM));
  const src = `cards/${side.file}?v=${(input.hashes.get(side.key) ?? "").slice(0, 12)}`;
  const img = input.png
    ? `<a href="cards/${esc(side.file)}"><img src="${esc(src)}" alt="${esc(c.title)}" width="${w}" height="${h}" loading="lazy"></a>`
    : `<div class="noimg" style="width:${w}px;height:${h}px">PNG previews off (--no-png)</div>`;
  const lines = c.lines.map((l) => `<p>${esc(l)}</p>`).join("");
  const copies = copiesOf(side);
  const mark = over === undefined ? "" : `<p class="overflow-mark" title="${esc(over.join("; "))}">text does not fit</p>`;
  return (
    `<figure class="side" data-key="${esc(side.key)}" data-copies="${copies}" data-search="${esc(c.search)}" id="side-${esc(side.key)}"${over === undefined ? "" : " data-overflow"}><div class="art" style="width:${w}px">${img}${guides(side.component)}</div>` +
    `<figcaption>${mark}<b class="name">${esc(c.title)}</b> <span class="copies" title="copies printed">×${copies}</span> <code>${esc(side.key)}</code>${lines}</figcaption></figure>`
  );
}

function warningsSection(warnings: Warning[]): string {
  if (warnings.length === 0) return `<section id="warnings" data-count="0"><h2>Build warnings</h2><p class="ok">No build warnings.</p></section>`;
  const items = warnings.map((w) => `<li><code>${esc(w.where)}</code> ${esc(w.message)}</li>`).join("\n");
  return `<section id="warnings" class="has-warnings" data-count="${warnings.length}"><h2>Build warnings <small>${warnings.length}</small></h2><ul>${items}</ul></section>`;
}

const SIDE_WORD: Record<string, string> = { front: "front", back: "back", blank: "blank back" };

function pagesSection(papers: PaperThumbs[]): string {
  if (papers.length === 0) return `<section id="pages"><h2>Printed pages</h2><p class="note">No print PDFs in this build (--no-pdf), so no page thumbnails.</p></section>`;
  const strips = papers.map((paper) => {
    const pages = paper.pages
      .map(
        (p) =>
          `<li class="page ${p.side}" data-page="${p.number}" data-side="${p.side}"><a href="${esc(p.file)}"><img src="${esc(p.file)}" alt="page ${p.number}" width="${p.width}" height="${p.height}" loading="lazy"></a>` +
          `<span><b>${p.number}</b> ${esc(SIDE_WORD[p.side] ?? p.side)}${p.label ? ` · ${esc(p.label)}` : ""}</span></li>`,
      )
      .join("\n");
    return `<div class="paper" data-paper="${esc(paper.paper)}"><h3>${esc(paper.paper.toUpperCase())} <small>${paper.pages.length} pages, in print order</small></h3><ol class="strip">${pages}</ol></div>`;
  });
  return `<section id="pages"><h2>Printed pages</h2>${strips.join("\n")}</section>`;
}

function section(component: RenderComponent, sides: RenderedSide[], input: GalleryInput, over: Map<string, string[]>): string {
  const pieces = component.items.reduce((n, i) => n + i.copies, 0);
  const meta = `${component.kind} · ${component.width}×${component.height} mm · ${pieces} piece${pieces === 1 ? "" : "s"}`;
  return (
    `<section class="component" id="c-${esc(component.id)}" data-component="${esc(component.id)}">` +
    `<h2>${esc(component.title)} <small>${esc(meta)}</small></h2>` +
    `<div class="grid">${sides.map((s) => figure(s, input, over.get(s.key))).join("\n")}</div></section>`
  );
}

const STYLE = `
.art{position:relative;max-width:100%}.guides{display:none;position:absolute;inset:0;width:100%;height:100%;pointer-events:none}
body.guides-on .guides{display:block}.guides path{fill:none;vector-effect:non-scaling-stroke;stroke-width:1.5px}
.guides .trim{stroke:#e0115f}.guides .safe{stroke:#00a0ff;stroke-dasharray:4 3}
.copies{background:#1d1d2b;color:#fff;border-radius:3px;padding:0 .3em;font-size:.85em}
figure[data-overflow] .art{outline:3px solid #c01;outline-offset:2px}.overflow-mark{color:#fff;background:#c01;display:inline-block;padding:0 .4em;margin:0 0 .2em;font-weight:bold}#overflow h2{color:#c01}#overflow ul{margin:.3em 0;padding-left:1.2em}
#warnings ul{margin:.3em 0;padding-left:1.2em}#warnings li{margin:.2em 0}#warnings.has-warnings h2{color:#a01}#warnings .ok{color:#2a6}
.strip{display:flex;flex-wrap:wrap;gap:10px;list-style:none;margin:0;padding:0}
.page{display:flex;flex-direction:column;font-size:.8em;max-width:150px}.page img{display:block;width:auto;height:auto;max-width:150px;max-height:150px;background:#fff;box-shadow:0 1px 3px #0004}
.page.back img{outline:2px solid #789}.page.blank img{opacity:.6}h3{font-size:1em;margin:.8em 0 .4em}h3 small{font-weight:normal;color:#666}
body{font:14px/1.4 system-ui,sans-serif;margin:0;background:#f4f4f2;color:#222}
header{position:sticky;top:0;z-index:1;background:#1d1d2b;color:#eee;padding:.6em 1em;display:flex;flex-wrap:wrap;gap:.4em 1em;align-items:center}
header h1{font-size:1.2em;margin:0}header a{color:#cfd8ff}
#filter{font-size:1em;padding:.3em .5em;min-width:18em;border-radius:4px;border:1px solid #888}
main{padding:0 1em 2em}h2{font-size:1.1em;margin:1.2em 0 .5em}h2 small{font-weight:normal;color:#666}
.grid{display:flex;flex-wrap:wrap;gap:14px;align-items:flex-start}
figure{margin:0;max-width:520px}figure img,.noimg{display:block;max-width:100%;height:auto;background:#ddd;box-shadow:0 1px 3px #0004}
.noimg{display:flex;align-items:center;justify-content:center;color:#777;font-size:.8em}
figcaption{font-size:.85em;padding:.3em 0;max-width:200px}figcaption code{color:#777;font-size:.85em}figcaption p{margin:.2em 0}
.hidden{display:none}#empty{color:#666;padding:2em 0}`;

// The filter keeps its query in the URL hash and the overlay switch its state in localStorage,
// so a live reload comes back to the same view.
const SCRIPT = `
(function(){
  var guides=document.getElementById("guides");
  function showGuides(){document.body.classList.toggle("guides-on",guides.checked);try{localStorage.setItem("syzygy-guides",guides.checked?"1":"");}catch(e){}}
  try{guides.checked=localStorage.getItem("syzygy-guides")==="1";}catch(e){}
  guides.addEventListener("change",showGuides);showGuides();
  var input=document.getElementById("filter"),count=document.getElementById("count"),empty=document.getElementById("empty");
  function apply(){
    var words=input.value.toLowerCase().split(/\\s+/).filter(Boolean),shown=0;
    document.querySelectorAll("section.component").forEach(function(sec){
      var any=false;
      sec.querySelectorAll("figure.side").forEach(function(f){
        var s=f.getAttribute("data-search"),ok=words.every(function(w){return s.indexOf(w)>=0;});
        f.classList.toggle("hidden",!ok);if(ok){any=true;shown++;}
      });
      sec.classList.toggle("hidden",!any);
    });
    count.textContent=shown+" shown";empty.classList.toggle("hidden",shown>0);
    history.replaceState(null,"",input.value?"#q="+encodeURIComponent(input.value):location.pathname+location.search);
  }
  var m=/^#q=(.*)$/.exec(location.hash);if(m)input.value=decodeURIComponent(m[1]);
  input.addEventListener("input",apply);apply();
})();`;

export function galleryHtml(input: GalleryInput): string {
  const { game } = input;
  const over = overflowing(input);
  const byComponent = game.components.map((c) => section(c, input.sides.filter((s) => s.component.id === c.id), input, over));
  const warnings = input.warnings ?? [];
  const pdfs = input.pdfs
    .map((p) => {
      const link = `<a href="${esc(p)}">${esc(p.slice(p.lastIndexOf("/") + 1))}</a>`;
      return input.stale?.includes(p) === true ? `<s class="stale" title="made from older data: build again with its options">${link}</s> (stale)` : link;
    })
    .join(" · ");
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${esc(game.title)} — preview gallery</title><style>${STYLE}</style></head>
<body><header><h1>${esc(game.title)}</h1>
<input id="filter" type="search" placeholder="Filter by name, id or text…" aria-label="Filter"> <span id="count"></span>
<label><input id="guides" type="checkbox"> trim &amp; safe area</label>
<nav><a href="#pages">pages</a> · <a href="#warnings">warnings (${warnings.length})</a> · ${pdfs}</nav></header>
<main>
${overflowSection(over)}
${warningsSection(warnings)}
${pagesSection(input.pages ?? [])}
${byComponent.join("\n")}
<p id="empty" class="hidden">Nothing matches the filter.</p>
</main>
<script>${SCRIPT}</script>
</body></html>
`;
}
