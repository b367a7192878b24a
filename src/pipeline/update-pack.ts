/**
 * Playtest update packs (`syzygy build --changed-since <git ref>`): the game as it was at a git
 * ref is read from the project's repository (its data and template folders' stored files), both versions'
 * faces are rendered, and a PDF holds only the cards whose printed side changed or that are new
 * (with their backs, imposed as usual) and a changelog page: added, removed and changed cards,
 * with the old and the new text. The earlier version is rendered with today's `version`, so a
 * version stamp on every face does not make every card "changed".
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, relative, isAbsolute, sep } from "node:path";
import { projectRepo, repoPath, runGit, type ProjectRepo } from "../model/git";
import { checkGame } from "../model/load";
import { formatDiagnostic } from "../model/diagnostics";
import type { GameModel } from "../model/types";
import { SHARED_TEMPLATES } from "../model/template-file";
import { renderSides, type RenderedSide } from "../render/build";
import { TemplateSet } from "../render/face";
import { renderGameFrom } from "../render/source";
import { layoutFlow, type FlowSection } from "../render/flow";
import { imposeAll } from "../render/kinds/index";
import { writePdf } from "../render/pdf";
import { writeFileAtomic } from "../render/files";
import { DEFAULT_PRINT, PAPERS, type Paper, type PrintOptions } from "../render/page";
import type { RenderComponent, RenderGame, RenderItem } from "../render/types";
import { BLEED_MM } from "../render/types";

export interface CardChange {
  kind: "added" | "removed" | "changed";
  /** component/item */
  key: string;
  name: string;
  /** Changed cards: what differs, "field: old → new" (or that only the layout changed). */
  details: string[];
}

export class UpdatePackError extends Error {
  constructor(
    message: string,
    /** True when the command line is wrong (a ref that names no commit). */
    readonly usage = false,
  ) {
    super(message);
  }
}

/** Values a changelog reports (the printed words and numbers, not colours or layout data). */
const NOT_TEXT = new Set(["colours", "style", "set", "sections", "image"]);

function printedValues(item: RenderItem): Map<string, string> {
  const out = new Map<string, string>();
  for (const [k, v] of Object.entries(item.values)) {
    if (NOT_TEXT.has(k) || v === undefined || v === null || typeof v === "object") continue;
    out.set(k, String(v));
  }
  return out;
}

function itemName(item: RenderItem): string {
  const n = item.values.name ?? item.values.title;
  return typeof n === "string" ? n : item.id;
}

/** Each item's printed sides as SVG (its face, and its own back or its component's shared back). */
function sidesByItem(game: RenderGame, sides: RenderedSide[]): Map<string, { item: RenderItem; component: RenderComponent; svg: string }> {
  const shared = new Map(sides.filter((s) => s.sharedBack === true).map((s) => [s.component.id, s.svg]));
  const out = new Map<string, { item: RenderItem; component: RenderComponent; svg: string }>();
  for (const s of sides) {
    if (s.sharedBack === true) continue;
    const key = `${s.component.id}/${s.item.id}`;
    const prev = out.get(key);
    out.set(key, { item: s.item, component: s.component, svg: (prev?.svg ?? "") + s.svg });
  }
  for (const [key, v] of out) if (!v.item.backTemplate) v.svg += shared.get(v.component.id) ?? "";
  void game;
  return out;
}

/** The changes between two renders of a game, in the order of today's cards, then the removed ones. */
export function diffRenders(before: { game: RenderGame; sides: RenderedSide[] }, after: { game: RenderGame; sides: RenderedSide[] }): CardChange[] {
  const old = sidesByItem(before.game, before.sides);
  const now = sidesByItem(after.game, after.sides);
  const changes: CardChange[] = [];
  for (const [key, n] of now) {
    const o = old.get(key);
    if (o === undefined) {
      const shown = [...printedValues(n.item)].filter(([k]) => !["id", "name", "copies"].includes(k));
      changes.push({ kind: "added", key, name: itemName(n.item), details: shown.map(([k, v]) => `${k}: ${v}`) });
      continue;
    }
    if (o.svg === n.svg) continue;
    const ov = printedValues(o.item);
    const nv = printedValues(n.item);
    const details: string[] = [];
    for (const k of new Set([...ov.keys(), ...nv.keys()])) {
      if (ov.get(k) !== nv.get(k)) details.push(`${k}: ${ov.get(k) ?? "(none)"} → ${nv.get(k) ?? "(none)"}`);
    }
    changes.push({ kind: "changed", key, name: itemName(n.item), details: details.length > 0 ? details : ["the layout changed (template, colours or art), not the text"] });
  }
  for (const [key, o] of old) if (!now.has(key)) changes.push({ kind: "removed", key, name: itemName(o.item), details: [] });
  return changes;
}

// ---- the earlier version, from git ----------------------------------------------------------

/** One file of a tree listing: its mode, blob id and path (relative to the repository's top). */
interface TreeEntry {
  mode: string;
  id: string;
  path: string;
}

function listTree(repo: ProjectRepo, commit: string, paths: string[]): TreeEntry[] {
  const r = runGit(repo, ["ls-tree", "-r", "-z", "--full-tree", commit, "--", ...paths]);
  if (!r.ok) throw new UpdatePackError(`--changed-since: cannot list ${commit}: ${r.err}`);
  const entries: TreeEntry[] = [];
  for (const line of r.out.toString("utf8").split("\0")) {
    const m = /^(\d{6}) (\w+) ([0-9a-f]+)\t(.+)$/s.exec(line);
    if (m !== null && m[2] === "blob") entries.push({ mode: m[1], id: m[3], path: m[4] });
  }
  return entries;
}

/**
 * Writes the regular files of `entries` under `dir` as they are stored (`cat-file --batch`: no
 * smudge filter or conversion runs). Symbolic links and submodules are left out: a link stored in
 * a repository could point anywhere.
 */
function writeBlobs(repo: ProjectRepo, entries: TreeEntry[], dir: string): void {
  const files = entries.filter((e) => e.mode === "100644" || e.mode === "100755");
  if (files.length === 0) return;
  const r = runGit(repo, ["cat-file", "--batch"], Buffer.from(files.map((f) => `${f.id}\n`).join("")));
  if (!r.ok) throw new UpdatePackError(`--changed-since: cannot read the files: ${r.err}`);
  let at = 0;
  for (const f of files) {
    const eol = r.out.indexOf(0x0a, at);
    const header = /^([0-9a-f]+) blob (\d+)$/.exec(r.out.subarray(at, eol).toString("utf8"));
    if (header === null) throw new UpdatePackError(`--changed-since: git did not return ${f.path}`);
    const size = Number(header[2]);
    const target = join(dir, ...f.path.split("/"));
    if (inside(target, dir) === undefined || f.path.split("/").some((part) => part === ".." || part === "")) throw new UpdatePackError(`--changed-since: ${f.path} is not a path inside the repository`);
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, r.out.subarray(eol + 1, eol + 1 + size), { flag: "wx" });
    at = eol + 1 + size + 1;
  }
}

function inside(path: string, root: string): string | undefined {
  const rel = relative(root, path);
  return rel === "" || rel.startsWith("..") || isAbsolute(rel) ? undefined : rel.split(sep).join("/");
}

/**
 * The game as it was at `ref`: its data folder (and its templates, when they are in the same
 * repository) copied out of the project's repository into a temp folder and loaded. Undefined
 * when the game did not exist then. git runs only in the project's own repository, with every
 * command its config could name switched off (src/model/git.ts).
 */
export function gameAtRef(model: GameModel, ref: string): { model?: GameModel; cleanup: () => void } {
  const repo = projectRepo(model.paths.dataDir, model.paths.gameDir);
  if ("problem" in repo) throw new UpdatePackError(`--changed-since needs the project in a git repository of its own: ${repo.problem}`);
  const commit = runGit(repo, ["rev-parse", "--verify", "--quiet", "--end-of-options", `${ref}^{commit}`]);
  if (!commit.ok) throw new UpdatePackError(`--changed-since: ${JSON.stringify(ref)} is no commit, tag or branch of ${repo.root}`, true);
  const id = commit.out.toString("utf8").trim();
  const gameRel = repoPath(repo, model.paths.gameDir)!;
  const templatesRel = repoPath(repo, model.paths.templatesDir);
  const tmp = mkdtempSync(join(tmpdir(), "syzygy-since-"));
  const cleanup = () => rmSync(tmp, { recursive: true, force: true });
  try {
    const paths = [gameRel, ...(templatesRel === undefined ? [] : [`${templatesRel}/${model.id}`, `${templatesRel}/partials`, `${templatesRel}/${SHARED_TEMPLATES}`])];
    const entries = listTree(repo, id, paths);
    if (!entries.some((e) => e.path.startsWith(`${gameRel}/`))) return { cleanup };
    writeBlobs(repo, entries, tmp);
    const dataDir = join(tmp, ...gameRel.split("/").slice(0, -1));
    const templatesDir = templatesRel === undefined || !existsSync(join(tmp, templatesRel)) ? model.paths.templatesDir : join(tmp, templatesRel);
    const r = checkGame(dataDir, model.id, { templatesDir });
    if (r.model === undefined) {
      throw new UpdatePackError(`--changed-since ${ref}: the game at that version does not load:\n${r.diagnostics.slice(0, 5).map(formatDiagnostic).join("\n")}`);
    }
    return { model: r.model, cleanup };
  } catch (err) {
    cleanup();
    throw err;
  }
}

// ---- the pack -------------------------------------------------------------------------------

const CHANGELOG_W = 180;
const CHANGELOG_H = 250;
/** Changes per changelog page (the text shrinks to fit; more go on the next page). */
const PER_PAGE = 14;

function changelogSvg(game: RenderGame, ref: string, changes: CardChange[], page: number, pages: number): string {
  const section = (kind: CardChange["kind"], heading: string): FlowSection[] => {
    const list = changes.filter((c) => c.kind === kind);
    if (list.length === 0) return [];
    return [{ heading, bullets: list.map((c) => `${c.name} (${c.key})${c.details.length > 0 ? ` — ${c.details.join("; ")}` : ""}`) }];
  };
  const version = typeof game.values.version === "string" ? ` ${game.values.version}` : "";
  const sections: FlowSection[] = [
    { heading: `${game.title}${version}: changes since ${ref}${pages > 1 ? ` (page ${page} of ${pages})` : ""}`, text: "Print this pack, cut the cards and swap them into your deck; throw away the removed ones." },
    ...section("changed", "Changed"),
    ...section("added", "Added"),
    ...section("removed", "Removed"),
  ];
  const flow = layoutFlow(sections, { x: 8, y: 8, w: CHANGELOG_W - 16, h: CHANGELOG_H - 16, columns: 1, size: 3.6, minSize: 2, color: "#1a1a1a", accent: "#333333", rule: "#bbbbbb", shade: "#eeeeee", iconColors: game.iconColors, icons: game.icons });
  const b = BLEED_MM;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${CHANGELOG_W + 2 * b}" height="${CHANGELOG_H + 2 * b}" viewBox="${-b} ${-b} ${CHANGELOG_W + 2 * b} ${CHANGELOG_H + 2 * b}">` +
    `<rect x="${-b}" y="${-b}" width="${CHANGELOG_W + 2 * b}" height="${CHANGELOG_H + 2 * b}" fill="#ffffff"/>${flow.svg}</svg>`
  );
}

export interface UpdatePack {
  changes: CardChange[];
  /** The PDFs written, one per paper (none when nothing changed). */
  files: string[];
  /** Every piece printed in the pack (face keys, each copy once, backs aside), in print order. */
  printed: string[];
}

/**
 * Writes `<out>/<game>/update/<game>-since-<ref>-<paper>.pdf`: the changed and added cards of
 * `model` compared with `before` (the game at `ref`), with their backs, and the changelog.
 */
export async function writeUpdatePack(model: GameModel, before: GameModel | undefined, ref: string, opts: { outDir: string; papers: Paper["id"][]; print?: Partial<PrintOptions> }): Promise<UpdatePack> {
  const game = renderGameFrom(model);
  const now = { game, sides: renderSides(game, new TemplateSet(model.paths.templatesDir)).sides };
  let changes: CardChange[];
  if (before === undefined) {
    changes = diffRenders({ game: { ...game, components: [] }, sides: [] }, now);
  } else {
    // The earlier cards as they would print today with today's version stamp: only real changes differ.
    const old = renderGameFrom(before);
    old.values = { ...old.values, version: game.values.version };
    changes = diffRenders({ game: old, sides: renderSides(old, new TemplateSet(before.paths.templatesDir)).sides }, now);
  }
  if (changes.length === 0) return { changes, files: [], printed: [] };
  const keep = new Set(changes.filter((c) => c.kind !== "removed").map((c) => c.key));
  const components: RenderComponent[] = game.components
    .map((c) => ({ ...c, items: c.items.filter((i) => keep.has(`${c.id}/${i.id}`)) }))
    .filter((c) => c.items.length > 0);
  const pages = Math.max(1, Math.ceil(changes.length / PER_PAGE));
  const log: RenderComponent = {
    id: "changelog",
    kind: "sheet",
    title: "Changelog",
    width: CHANGELOG_W,
    height: CHANGELOG_H,
    shape: { type: "rect", radius: 0 },
    faceTemplate: "changelog",
    values: {},
    items: Array.from({ length: pages }, (_, i) => ({ id: `page-${i + 1}`, copies: 1, values: {} })),
  };
  const art = new Map(now.sides.map((s) => [s.key, s.svg]));
  log.items.forEach((item, i) => art.set(`changelog/${item.id}`, changelogSvg(game, ref, changes.slice(i * PER_PAGE, (i + 1) * PER_PAGE), i + 1, pages)));
  const print: PrintOptions = { ...DEFAULT_PRINT, ...opts.print };
  const safeRef = ref.replace(/[^A-Za-z0-9._-]+/g, "-");
  const files: string[] = [];
  let printed: string[] = [];
  for (const paperId of opts.papers) {
    const paper = PAPERS[paperId];
    const imposed = imposeAll([log, ...components], paper, print);
    printed = imposed.filter((p) => p.side === "front").flatMap((p) => p.placements.map((pl) => pl.face));
    const pdf = await writePdf(imposed, art, {
      title: `${game.title} — changes since ${ref} (${paperId.toUpperCase()})`,
      footer: `${game.title} — update since ${ref}`,
      paper,
      duplex: print.duplex,
    });
    const file = join(opts.outDir, model.id, "update", `${model.id}-since-${safeRef}-${paperId}.pdf`);
    writeFileAtomic(file, pdf);
    files.push(file);
  }
  return { changes, files, printed };
}
