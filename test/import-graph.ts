/**
 * The import graph of the project's own TypeScript: every relative import, export-from and
 * dynamic import() of a file under the given roots, read with TypeScript's own pre-processor
 * (ts.preProcessFile), resolved to files. Type-only imports count too: a folder that needs
 * another's types depends on it. Used by test/architecture.test.ts.
 */
import fs from "node:fs";
import path from "node:path";
import ts from "typescript";

export type Graph = Map<string, Set<string>>;

const EXTENSIONS = [".ts", ".mts", ".cts", ".tsx", ".js", ".mjs"];

function sources(root: string, dir: string): string[] {
  const out: string[] = [];
  const abs = path.join(root, dir);
  if (!fs.existsSync(abs)) return out;
  for (const entry of fs.readdirSync(abs, { withFileTypes: true })) {
    const rel = path.posix.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== "node_modules" && entry.name !== "fixtures") out.push(...sources(root, rel));
    } else if (EXTENSIONS.some((e) => entry.name.endsWith(e)) && !entry.name.endsWith(".d.ts")) out.push(rel);
  }
  return out;
}

/** `spec` imported by `from` (repo-relative), as a repo-relative file, or undefined (a package, or not a source file). */
function resolveSpec(root: string, from: string, spec: string): string | undefined {
  if (!spec.startsWith(".")) return undefined;
  const base = path.posix.normalize(path.posix.join(path.posix.dirname(from), spec));
  const stripped = base.replace(/\.(js|mjs|ts)$/, "");
  const candidates = [base, ...EXTENSIONS.map((e) => stripped + e), ...EXTENSIONS.map((e) => `${stripped}/index${e}`)];
  for (const c of candidates) if (fs.existsSync(path.join(root, c)) && fs.statSync(path.join(root, c)).isFile()) return c;
  return undefined;
}

/** Every file under `dirs` (repo-relative) and the project files it imports. */
export function importGraph(root: string, dirs: string[]): Graph {
  const graph: Graph = new Map();
  for (const dir of dirs) {
    for (const file of sources(root, dir)) {
      const info = ts.preProcessFile(fs.readFileSync(path.join(root, file), "utf8"), true, true);
      const targets = new Set<string>();
      for (const ref of info.importedFiles) {
        const target = resolveSpec(root, file, ref.fileName);
        if (target !== undefined && target !== file) targets.add(target);
      }
      graph.set(file, targets);
    }
  }
  return graph;
}

/** The folder a file belongs to for layering: its directory (src/engine/core, test/tts…). */
export function folderOf(file: string): string {
  return path.posix.dirname(file);
}

/** The graph with files merged into their folders (edges inside a folder dropped). */
export function folderGraph(graph: Graph, folder: (file: string) => string = folderOf): Graph {
  const out: Graph = new Map();
  for (const [file, targets] of graph) {
    const from = folder(file);
    if (!out.has(from)) out.set(from, new Set());
    for (const t of targets) {
      const to = folder(t);
      if (to !== from) out.get(from)!.add(to);
    }
  }
  return out;
}

/** Strongly connected components with more than one node (Tarjan), each sorted; sorted by first node. */
export function cycles(graph: Graph): string[][] {
  let index = 0;
  const idx = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const on = new Set<string>();
  const out: string[][] = [];
  const visit = (v: string): void => {
    idx.set(v, index);
    low.set(v, index);
    index++;
    stack.push(v);
    on.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!idx.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (on.has(w)) low.set(v, Math.min(low.get(v)!, idx.get(w)!));
    }
    if (low.get(v) === idx.get(v)) {
      const scc: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        on.delete(w);
        scc.push(w);
      } while (w !== v);
      if (scc.length > 1) out.push(scc.sort());
    }
  };
  for (const v of [...graph.keys()].sort()) if (!idx.has(v)) visit(v);
  return out.sort((a, b) => (a[0] < b[0] ? -1 : 1));
}

/** One import path inside `scc` from its first node back to it, to show in a failure. */
export function loopPath(graph: Graph, scc: string[]): string[] {
  const members = new Set(scc);
  const start = scc[0];
  const prev = new Map<string, string>();
  const queue = [start];
  const seen = new Set([start]);
  while (queue.length > 0) {
    const v = queue.shift()!;
    for (const w of graph.get(v) ?? []) {
      if (!members.has(w)) continue;
      if (w === start) {
        const pathBack = [v];
        let c = v;
        while (c !== start) {
          c = prev.get(c)!;
          pathBack.push(c);
        }
        return [...pathBack.reverse(), start];
      }
      if (!seen.has(w)) {
        seen.add(w);
        prev.set(w, v);
        queue.push(w);
      }
    }
  }
  return scc;
}

/**
 * What `file` imports at load time: the specifiers of its import and export-from declarations,
 * leaving out type-only ones (erased) and dynamic import() (loaded when first called), and the
 * packages it `require`s outside any function (src/render/pdf-libraries.ts loads pdfkit so).
 */
export function loadTimeImports(root: string, file: string): string[] {
  const source = ts.createSourceFile(file, fs.readFileSync(path.join(root, file), "utf8"), ts.ScriptTarget.Latest, false);
  const out: string[] = [];
  for (const st of source.statements) {
    if (ts.isImportDeclaration(st) && ts.isStringLiteral(st.moduleSpecifier)) {
      const clause = st.importClause;
      const named = clause?.namedBindings;
      const onlyTypes = clause !== undefined && (clause.isTypeOnly || (clause.name === undefined && named !== undefined && ts.isNamedImports(named) && named.elements.length > 0 && named.elements.every((e) => e.isTypeOnly)));
      if (!onlyTypes) out.push(st.moduleSpecifier.text);
    } else if (ts.isExportDeclaration(st) && st.moduleSpecifier !== undefined && ts.isStringLiteral(st.moduleSpecifier) && !st.isTypeOnly) {
      out.push(st.moduleSpecifier.text);
    } else out.push(...topLevelRequires(st));
  }
  return out;
}

/** `require("x")` calls in a statement that run when the module loads (not inside a function). */
function topLevelRequires(node: ts.Node): string[] {
  if (ts.isFunctionLike(node) || ts.isClassLike(node)) return [];
  if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === "require" && node.arguments.length === 1 && ts.isStringLiteral(node.arguments[0]))
    return [node.arguments[0].text];
  const out: string[] = [];
  node.forEachChild((child) => {
    out.push(...topLevelRequires(child));
  });
  return out;
}

/** The npm packages loading `entry` loads, each with the project file that imports it first. */
export function packagesLoadedBy(root: string, entry: string): Map<string, string> {
  const seen = new Set([entry]);
  const queue = [entry];
  const packages = new Map<string, string>();
  while (queue.length > 0) {
    const file = queue.shift()!;
    for (const spec of loadTimeImports(root, file)) {
      if (spec.startsWith(".")) {
        const target = resolveSpec(root, file, spec);
        if (target !== undefined && !seen.has(target)) {
          seen.add(target);
          queue.push(target);
        }
      } else if (!spec.startsWith("node:")) {
        const name = spec.split("/").slice(0, spec.startsWith("@") ? 2 : 1).join("/");
        if (!packages.has(name)) packages.set(name, file);
      }
    }
  }
  return packages;
}
