/**
 * What a build checks in templates, checked before anything is drawn so `validate` refuses what
 * `build` would: each template parses (Handlebars errors in plain words, at the line where the
 * problem starts), every `item.<field>` it reads is a field some card has or the game declares
 * (else an error at the template's line and column, with "did you mean"), and every face renders
 * to SVG that the rasteriser can read. Overflowing text is reported as the faces render.
 */
import Handlebars from "handlebars";
import { join, relative, isAbsolute, sep } from "node:path";
import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import type { Diagnostic, Location } from "../model/diagnostics";
import { didYouMean } from "../model/suggest";
import { listFaces, type FaceEntry } from "./faces";
import { readTemplateText, renderFace, templateName, type TemplateSet } from "./face";
import type { RenderGame, Warning } from "./types";
import { CALL_AT, callProblem, styleProblem } from "./helper-signatures";

function shown(abs: string): string {
  const rel = relative(process.cwd(), abs);
  return rel !== "" && !rel.startsWith("..") && !isAbsolute(rel) ? rel.split(sep).join("/") : abs;
}

function problem(code: string, location: Location, message: string): Diagnostic {
  return { code, location, path: "", message };
}

// ---- Handlebars syntax, in plain words ---------------------------------------------------------

interface Tag {
  text: string;
  offset: number;
  line: number;
  col: number;
}

/** Every `{{…}}` of a template with where it starts (comments included, so their braces are skipped). */
function tags(text: string): Tag[] {
  const out: Tag[] = [];
  const re = /\{\{!--[\s\S]*?--\}\}|\{\{![\s\S]*?\}\}|\{\{\{[\s\S]*?\}\}\}|\{\{[\s\S]*?\}\}/g;
  for (const m of text.matchAll(re)) {
    const before = text.slice(0, m.index);
    const line = before.split("\n").length;
    out.push({ text: m[0], offset: m.index, line, col: m.index - before.lastIndexOf("\n") });
  }
  return out;
}

/** The block name a tag opens (`{{#if …}}` → if) or closes (`{{/if}}` → if). */
const OPEN = /^\{\{~?\s*[#]\*?>?\s*([^\s}~]+)/;
const CLOSE = /^\{\{~?\s*\/\s*([^\s}~]+)/;
const INVERSE_OPEN = /^\{\{~?\s*\^\s*([^\s}~]+)/;

/** Why one tag does not parse, in plain words. */
function tagProblem(tag: string, raw: string): string {
  if (/^\{\{\{/.test(tag) && !/\}\}\}$/.test(tag)) return `${short(tag)} opens with {{{ but closes with }}: use three braces on both sides (or two on both)`;
  if (/got 'INVALID'/.test(raw) && /"[^"]*$|^[^"]*"(?:[^"]*"[^"]*")*[^"]*$/.test(tag.replace(/\\"/g, ""))) return `${short(tag)} has a quote that is not closed: close the "text" before }}`;
  if (/got 'INVALID'/.test(raw)) return `${short(tag)} holds a character Handlebars cannot read here (a lone } or a stray symbol?): write {{name argument key=value}}`;
  if (/=\s*\}\}/.test(tag) || /got 'CLOSE'/.test(raw) && /=\s*\}/.test(tag)) return `${short(tag)}: a key=value argument has no value after =`;
  if (/got 'CLOSE_UNESCAPED'/.test(raw)) return `${short(tag)} opens with {{ but closes with }}}: use two braces on both sides (or three on both)`;
  if (/got 'CLOSE'/.test(raw)) return `${short(tag)} is unfinished: something is missing before }}`;
  return `${short(tag)} cannot be read: ${raw.split("\n").pop()}`;
}

function short(tag: string): string {
  const one = tag.replace(/\s+/g, " ");
  return one.length > 50 ? `${one.slice(0, 47)}…` : one;
}

/**
 * The first syntax problem of a template, located where it starts: an unclosed block at its
 * opening tag (not at the end of the file), a closing tag that closes another block, a tag that
 * does not parse. Undefined when Handlebars parses it.
 */
export function templateSyntax(text: string, file: string): Diagnostic | undefined {
  let raw: string;
  try {
    Handlebars.parse(text);
    return undefined;
  } catch (err) {
    raw = err instanceof Error ? err.message : String(err);
  }
  const at = (t: Tag): Location => ({ file, line: t.line, col: t.col });
  const stack: { name: string; tag: Tag }[] = [];
  for (const t of tags(text)) {
    if (t.text.startsWith("{{!")) continue;
    const open = OPEN.exec(t.text) ?? INVERSE_OPEN.exec(t.text);
    const close = CLOSE.exec(t.text);
    // The tag alone (a block opening with a matching end) must parse.
    const alone = open ? `${t.text}{{/${open[1]}}}` : close ? "" : t.text;
    if (alone !== "" && !/^\{\{~?\s*else\b/.test(t.text)) {
      try {
        Handlebars.parse(alone);
      } catch (err) {
        return problem("template-syntax", at(t), tagProblem(t.text, err instanceof Error ? err.message : String(err)));
      }
    }
    if (open) stack.push({ name: open[1], tag: t });
    else if (close) {
      const top = stack.pop();
      if (top === undefined) return problem("template-syntax", at(t), `{{/${close[1]}}} closes no block: remove it, or open the block with {{#${close[1]} …}} before it`);
      if (top.name !== close[1]) {
        return problem(
          "template-syntax",
          at(top.tag),
          `{{#${top.name}}} (opened here) is closed by {{/${close[1]}}} at line ${t.line}, column ${t.col}: close it with {{/${top.name}}} first`,
        );
      }
    }
  }
  const unclosed = stack.pop();
  if (unclosed) return problem("template-syntax", at(unclosed.tag), `{{#${unclosed.name}}} opened here is never closed: add {{/${unclosed.name}}} where the block ends`);
  const line = /Parse error on line (\d+)/.exec(raw)?.[1];
  return problem("template-syntax", { file, line: line === undefined ? 1 : Number(line), col: 1 }, `the template cannot be read: ${raw.split("\n").pop()}`);
}

// ---- fields a template reads -----------------------------------------------------------------

interface PathNode {
  type: "PathExpression";
  original: string;
  parts: string[];
  data: boolean;
  depth: number;
  loc?: { start: { line: number; column: number } };
}

/** Block helpers whose body keeps the context (item.x still means the card's field). */
const SAME_CONTEXT = new Set(["if", "unless"]);

/** Every `item.…`, `game.…` and `component.…` path the template reads in the card's own context. */
function pathsRead(ast: hbs.AST.Program): PathNode[] {
  const out: PathNode[] = [];
  const visit = (node: unknown, own: boolean): void => {
    if (node === null || typeof node !== "object") return;
    if (Array.isArray(node)) {
      for (const n of node) visit(n, own);
      return;
    }
    const n = node as Record<string, unknown>;
    if (n.type === "PathExpression") {
      const p = n as unknown as PathNode;
      // @root.item.x is the card's field wherever it is read.
      const rooted = p.data && p.parts[0] === "root";
      if ((own && !p.data && p.depth === 0) || rooted) out.push(rooted ? { ...p, parts: p.parts.slice(1), original: p.original.replace(/^@root\./, "") } : p);
      return;
    }
    if (n.type === "BlockStatement") {
      const name = (n.path as PathNode | undefined)?.original ?? "";
      visit(n.path, own);
      visit(n.params, own);
      visit(n.hash, own);
      const keep = own && SAME_CONTEXT.has(name);
      visit(n.program, keep);
      visit(n.inverse, own && (SAME_CONTEXT.has(name) || name === "each" || name === "with"));
      return;
    }
    for (const [k, v] of Object.entries(n)) if (k !== "loc") visit(v, own);
  };
  visit(ast, true);
  return out;
}

interface Known {
  item: Set<string>;
  colours: Set<string>;
  game: Set<string>;
  component: Set<string>;
}

function fieldProblems(ast: hbs.AST.Program, file: string, known: Known): Diagnostic[] {
  const out: Diagnostic[] = [];
  const seen = new Set<string>();
  for (const p of pathsRead(ast)) {
    const [head, field] = p.parts;
    let names: Set<string> | undefined;
    const name = field;
    let what = "";
    // item.colours.<role> is not checked: a role may be left to a partial's default.
    if (head === "item" && field !== undefined) {
      names = known.item;
      what = "field of any card using this template";
    } else if ((head === "game" || head === "component") && field !== undefined) {
      names = known[head];
      what = `${head} value`;
    }
    if (names === undefined || names.has(name) || seen.has(p.original)) continue;
    seen.add(p.original);
    const loc: Location = { file, line: p.loc?.start.line ?? 1, col: (p.loc?.start.column ?? 0) + 1 };
    const list = [...names].filter((n) => n !== "").sort();
    out.push(
      problem(
        "template-unknown-field",
        loc,
        `${p.original} reads ${JSON.stringify(name)}, which is no ${what}${didYouMean(name, list) || `; there are: ${list.join(", ")}`}; it would print nothing`,
      ),
    );
  }
  return out;
}

/** Helper calls with missing arguments or unknown options, at the call. */
function callProblems(ast: hbs.AST.Program, file: string): Diagnostic[] {
  const out: Diagnostic[] = [];
  const visit = (node: unknown): void => {
    if (node === null || typeof node !== "object") return;
    if (Array.isArray(node)) return node.forEach(visit);
    const n = node as Record<string, unknown>;
    if (n.type === "MustacheStatement" || n.type === "SubExpression" || n.type === "BlockStatement") {
      const path = n.path as PathNode;
      const params = (n.params as unknown[]) ?? [];
      const pairs = (n.hash as { pairs?: { key: string; value: { type: string; value?: unknown } }[] } | undefined)?.pairs ?? [];
      const hash = pairs.map((p) => p.key);
      const style = pairs.find((p) => p.key === "style" && p.value.type === "StringLiteral")?.value.value;
      // {{name}} alone is a value, not a call, unless the helper is a block.
      const call = path?.type === "PathExpression" && (params.length > 0 || hash.length > 0 || n.type !== "MustacheStatement");
      const problem = call ? (callProblem(path.original, params.length, hash) ?? styleProblem(path.original, style)) : undefined;
      if (problem !== undefined) {
        const loc = (n.loc as PathNode["loc"]) ?? path.loc;
        out.push(problem_("template-helper-call", { file, line: loc?.start.line ?? 1, col: (loc?.start.column ?? 0) + 1 }, problem));
      }
    }
    for (const [k, v] of Object.entries(n)) if (k !== "loc") visit(v);
  };
  visit(ast);
  return out;
}

const problem_ = (code: string, location: Location, message: string): Diagnostic => problem(code, location, message);

function keysOf(value: unknown): string[] {
  return value !== null && typeof value === "object" ? Object.keys(value) : [];
}

/** What each template is rendered with: the item fields (plus `declared` for deck faces), colour roles, game and component values. */
function knownByTemplate(game: RenderGame, faces: FaceEntry[], declared: readonly string[]): Map<string, Known> {
  const out = new Map<string, Known>();
  for (const f of faces) {
    const name = templateName(f);
    if (name === undefined) continue;
    let k = out.get(name);
    if (k === undefined) {
      k = { item: new Set(["id"]), colours: new Set(), game: new Set(["id", "title", ...keysOf(game.values)]), component: new Set() };
      out.set(name, k);
    }
    const values = f.side === "back" && f.item.backValues ? f.item.backValues : f.item.values;
    for (const key of keysOf(values)) k.item.add(key);
    for (const key of keysOf(values.colours)) k.colours.add(key);
    for (const key of ["id", "title", ...keysOf(f.component.values)]) k.component.add(key);
    if (f.side === "face") for (const d of declared) k.item.add(d);
  }
  return out;
}

// ---- the whole check ---------------------------------------------------------------------------

export interface RenderCheck {
  diagnostics: Diagnostic[];
  /** Faces whose text does not fit (and other render warnings), as a build reports them. */
  warnings: Warning[];
}

/**
 * Checks a game's templates and renders every face, as a build would, without writing anything.
 * `declared`: card fields the game declares (a face may read one no card fills yet).
 */
export function checkRendering(game: RenderGame, templates: TemplateSet, declared: readonly string[] = [], opts: { render?: boolean } = {}): RenderCheck {
  const diagnostics: Diagnostic[] = [];
  const warnings: Warning[] = [];
  const faces = listFaces(game);
  const known = knownByTemplate(game, faces, declared);
  const broken = new Set<string>();
  for (const d of templates.problems) diagnostics.push({ ...d, location: { ...d.location, file: shown(d.location.file) } });
  if (templates.problems.length > 0) return { diagnostics, warnings };
  for (const [name, k] of known) {
    const abs = templates.path(game.id, name);
    const file = shown(abs);
    if (!existsSync(abs)) continue; // the model reports a missing template at its reference
    const read = readTemplateText(abs, templates.dir, file);
    if (!read.ok) {
      diagnostics.push(read.diagnostic);
      broken.add(name);
      continue;
    }
    const syntax = templateSyntax(read.text, file);
    if (syntax !== undefined) {
      diagnostics.push(syntax);
      broken.add(name);
      continue;
    }
    const ast = Handlebars.parse(read.text);
    const fields = [...callProblems(ast, file), ...fieldProblems(ast, file, k)];
    diagnostics.push(...fields);
    if (fields.length > 0) broken.add(name);
  }
  for (const f of opts.render === false ? [] : faces) {
    const name = templateName(f);
    if (name === undefined || broken.has(name) || !existsSync(templates.path(game.id, name))) continue;
    try {
      const r = renderFace(templates, game, f);
      warnings.push(...r.warnings);
      const bad = unreadableSvg(r.svg);
      if (bad !== undefined) diagnostics.push(problem("template-svg", { file: shown(templates.path(game.id, name)) }, `${f.key}: the SVG this template renders is not valid (${bad}): fix the template so it renders well-formed SVG`));
    } catch (err) {
      broken.add(name);
      let message = err instanceof Error ? err.message.replace(/^.*?: template \S+: /, "") : String(err);
      let at: { line: number; col: number } | undefined;
      const call = CALL_AT.exec(message);
      if (call) at = { line: Number(call[1]), col: Number(call[2]) };
      // Handlebars' own runtime error, in plain words at the tag that names the partial.
      const partial = /The partial (\S+) could not be found/.exec(message);
      if (partial) {
        const text = readTemplateText(templates.path(game.id, name), templates.dir, name);
        const tag = text.ok ? tags(text.text).find((t) => new RegExp(`^\\{\\{~?#?>\\s*${partial[1].replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}\\b`).test(t.text)) : undefined;
        if (tag) at = { line: tag.line, col: tag.col };
        message = `{{> ${partial[1]}}} names no partial: partials are files in ${shown(join(templates.dir, "partials"))}/<name>.hbs; add ${partial[1]}.hbs there or fix the name`;
      }
      const loc: Location = { file: shown(templates.path(game.id, name)), ...(at ? { line: at.line, col: at.col } : {}) };
      diagnostics.push(problem("template-render", loc, `${f.key}: ${message.replace(CALL_AT, "")}`));
    }
  }
  return { diagnostics, warnings };
}

/** The rasteriser's complaint about an SVG, if it cannot read it (what a build's PNG step would fail on). */
function unreadableSvg(svg: string): string | undefined {
  try {
    const { Resvg } = requireResvg();
    new Resvg(svg, { fitTo: { mode: "width", value: 1 }, font: { loadSystemFonts: false } });
    return undefined;
  } catch (err) {
    return err instanceof Error ? err.message : String(err);
  }
}

const require = createRequire(import.meta.url);
let resvg: typeof import("@resvg/resvg-js") | undefined;
function requireResvg(): typeof import("@resvg/resvg-js") {
  resvg ??= require("@resvg/resvg-js") as typeof import("@resvg/resvg-js");
  return resvg;
}
