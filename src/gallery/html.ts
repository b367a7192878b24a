/**
 * The preview gallery of one game as a single static HTML page: every face and back of every
 * component (cards, boards, sheets, tokens), grouped by component, with captions carrying the
 * printed text and a text filter. Pure: data in, HTML string out. Game-agnostic: captions come
 * from the generic item values (name, title, subtitle, text, flavor).
 */
import type { RenderedSide } from "../render/build";
import { BLEED_MM, type RenderComponent, type RenderGame } from "../render/types";

export interface GalleryInput {
  game: RenderGame;
  sides: RenderedSide[];
  /** Face key → content hash, appended to image URLs so browsers never show a stale PNG. */
  hashes: Map<string, string>;
  /** PNGs were written (with --no-png the gallery lists captions only). */
  png: boolean;
  /** Print files, relative to out/<game>/. */
  pdfs: string[];
}

const esc = (s: string): string => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

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

function figure(side: RenderedSide, input: GalleryInput): string {
  const c = caption(side);
  const w = displayWidth(side.component);
  const h = Math.round((w * (side.component.height + 2 * BLEED_MM)) / (side.component.width + 2 * BLEED_MM));
  const src = `cards/${side.file}?v=${(input.hashes.get(side.key) ?? "").slice(0, 12)}`;
  const img = input.png
    ? `<a href="cards/${esc(side.file)}"><img src="${esc(src)}" alt="${esc(c.title)}" width="${w}" height="${h}" loading="lazy"></a>`
    : `<div class="noimg" style="width:${w}px;height:${h}px">PNG previews off (--no-png)</div>`;
  const lines = c.lines.map((l) => `<p>${esc(l)}</p>`).join("");
  return (
    `<figure class="side" data-key="${esc(side.key)}" data-search="${esc(c.search)}">${img}` +
    `<figcaption><b class="name">${esc(c.title)}</b> <code>${esc(side.key)}</code>${lines}</figcaption></figure>`
  );
}

function section(component: RenderComponent, sides: RenderedSide[], input: GalleryInput): string {
  const pieces = component.items.reduce((n, i) => n + i.copies, 0);
  const meta = `${component.kind} · ${component.width}×${component.height} mm · ${pieces} piece${pieces === 1 ? "" : "s"}`;
  return (
    `<section class="component" id="c-${esc(component.id)}" data-component="${esc(component.id)}">` +
    `<h2>${esc(component.title)} <small>${esc(meta)}</small></h2>` +
    `<div class="grid">${sides.map((s) => figure(s, input)).join("\n")}</div></section>`
  );
}

const STYLE = `
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

// The filter keeps its query in the URL hash, so a live reload comes back to the same view.
const SCRIPT = `
(function(){
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
  const byComponent = game.components.map((c) => section(c, input.sides.filter((s) => s.component.id === c.id), input));
  const pdfs = input.pdfs.map((p) => `<a href="${esc(p)}">${esc(p.slice(p.lastIndexOf("/") + 1))}</a>`).join(" · ");
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${esc(game.title)} — preview gallery</title><style>${STYLE}</style></head>
<body><header><h1>${esc(game.title)}</h1>
<input id="filter" type="search" placeholder="Filter by name, id or text…" aria-label="Filter"> <span id="count"></span>
<nav>${pdfs}</nav></header>
<main>
${byComponent.join("\n")}
<p id="empty" class="hidden">Nothing matches the filter.</p>
</main>
<script>${SCRIPT}</script>
</body></html>
`;
}
