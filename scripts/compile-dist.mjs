// @ts-check
/**
 * Compiles src/ to dist/ with tsc's API (tsconfig.build.json), so the installed CLI runs plain
 * JavaScript. Relative imports in src are written without extensions (TypeScriptToLua needs
 * them so), which Node's ES module loader does not resolve: the emitter rewrites each relative
 * import to the emitted file, `./x` → `./x.js`, `./dir` → `./dir/index.js`. Sources under src/
 * land in dist/ at the same depth (dist/model/load.js ↔ src/model/load.ts), so paths that code
 * resolves against import.meta.url (../../templates) point at the same place from both; a file
 * outside src/ that src imports keeps its path under dist/ (mods/x.ts → dist/mods/x.js).
 * Hand-written .mjs modules are copied beside the emitted code. Files in dist/ that no source
 * produces any more are removed (dist/lua, the prebuilt Lua bundles, is left alone).
 * Loaded only when dist/ is stale: importing TypeScript costs ~1 s.
 */
import fs from "node:fs";
import path from "node:path";
import ts from "typescript";

/** Folders of dist/ that this compiler does not own. */
const KEEP = new Set(["lua"]);

/** @param {string} root @param {string} file a source file @returns {string} the file it compiles to */
export function outputOf(root, file) {
  const rel = path.relative(root, file).split(path.sep).join("/");
  const inDist = rel.startsWith("src/") ? rel.slice("src/".length) : rel;
  return path.join(root, "dist", inDist.replace(/\.(c|m)?ts$/, (_m, k) => `.${k ?? ""}js`));
}

/** @param {readonly ts.Diagnostic[]} diagnostics @param {string} root */
function format(diagnostics, root) {
  return ts.formatDiagnostics(diagnostics, { getCanonicalFileName: (f) => f, getCurrentDirectory: () => root, getNewLine: () => "\n" });
}

/**
 * A transformer that points each relative import and export at the emitted file.
 * Each TypeScript file an import resolves to is passed to `found` (to be compiled too).
 * @param {ts.CompilerOptions} options @param {string} root @param {(file: string) => void} [found]
 * @returns {ts.TransformerFactory<ts.SourceFile>}
 */
function rewriteRelativeImports(options, root, found = (_file) => {}) {
  // One resolution cache for every file: most imports name the same few folders.
  const cache = ts.createModuleResolutionCache(root, (f) => f, options);
  return (context) => (sourceFile) => {
    const f = context.factory;
    const fromDir = path.dirname(outputOf(root, sourceFile.fileName));
    /** @param {string} spec */
    const target = (spec) => {
      if (!spec.startsWith("./") && !spec.startsWith("../")) return spec;
      const resolved = ts.resolveModuleName(spec, sourceFile.fileName, options, ts.sys, cache).resolvedModule;
      if (resolved === undefined) throw new Error(`${path.relative(root, sourceFile.fileName)}: cannot resolve ${JSON.stringify(spec)}`);
      // A hand-written module typed by a declaration file (raster-core.mjs): copied as it is.
      if (resolved.extension === ts.Extension.Dts || resolved.extension === ts.Extension.Dmts) return spec;
      if (resolved.extension === ts.Extension.Ts) found(path.resolve(resolved.resolvedFileName));
      const rel = path.relative(fromDir, outputOf(root, resolved.resolvedFileName)).split(path.sep).join("/");
      return rel.startsWith(".") ? rel : `./${rel}`;
    };
    /** @param {ts.Node} node @returns {ts.Node} */
    const visit = (node) => {
      if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
        return f.updateImportDeclaration(node, node.modifiers, node.importClause, f.createStringLiteral(target(node.moduleSpecifier.text)), node.attributes);
      }
      if (ts.isExportDeclaration(node) && node.moduleSpecifier !== undefined && ts.isStringLiteral(node.moduleSpecifier)) {
        return f.updateExportDeclaration(node, node.modifiers, node.isTypeOnly, node.exportClause, f.createStringLiteral(target(node.moduleSpecifier.text)), node.attributes);
      }
      if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword && node.arguments.length > 0 && ts.isStringLiteralLike(node.arguments[0])) {
        return f.updateCallExpression(node, node.expression, node.typeArguments, [f.createStringLiteral(target(node.arguments[0].text)), ...node.arguments.slice(1)]);
      }
      return ts.visitEachChild(node, visit, context);
    };
    return /** @type {ts.SourceFile} */ (ts.visitNode(sourceFile, visit));
  };
}

/** @param {string} dir @param {string[]} out @returns {string[]} */
function filesUnder(dir, out = []) {
  if (!fs.existsSync(dir)) return out;
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) filesUnder(p, out);
    else out.push(p);
  }
  return out;
}

/** @param {string} file @param {string | Uint8Array} data */
function writeIfChanged(file, data) {
  const bytes = typeof data === "string" ? Buffer.from(data) : Buffer.from(data);
  if (fs.existsSync(file) && fs.readFileSync(file).equals(bytes)) return;
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, bytes);
}

/**
 * Compiles file by file (ts.transpileModule: no type check — `npm test` and `npm run typecheck`
 * run tsc over the same sources, and tsconfig.json's isolatedModules makes tsc refuse what a
 * file-by-file compile could not emit alike). A whole-program emit type-checks every file first:
 * ~15 s of CPU on a first build against ~1 s. Throws an Error listing syntax errors, if any.
 * @param {string} root the repository
 * @param {(step: string, done?: number, total?: number) => void} [progress] told each step, and how far compiling is
 * @returns {{ files: number }}
 */
export function compileDist(root, progress = () => {}) {
  const configFile = path.join(root, "tsconfig.build.json");
  const config = ts.getParsedCommandLineOfConfigFile(configFile, {}, {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: (d) => {
      throw new Error(format([d], root));
    },
  });
  if (config === undefined) throw new Error(`cannot read ${configFile}`);
  if (config.errors.length > 0) throw new Error(format(config.errors, root));
  progress("reading the sources");
  const dist = path.join(root, "dist");
  const written = new Set();
  /** @type {ts.Diagnostic[]} */
  const diagnostics = [];
  // The sources, and each .ts file outside src/ that one of them imports (it keeps its path under dist/).
  const queue = config.fileNames.map((f) => path.resolve(f)).filter((f) => !/\.d\.[cm]?ts$/.test(f));
  const seen = new Set(queue);
  const rewrite = rewriteRelativeImports(config.options, root, (resolved) => {
    if (!seen.has(resolved)) {
      seen.add(resolved);
      queue.push(resolved);
    }
  });
  /** @type {Map<string, string>} */
  const outputs = new Map();
  for (let i = 0; i < queue.length; i++) {
    const file = queue[i];
    const result = ts.transpileModule(fs.readFileSync(file, "utf8"), {
      compilerOptions: config.options,
      fileName: file,
      reportDiagnostics: true,
      transformers: { after: [rewrite] },
    });
    diagnostics.push(...(result.diagnostics ?? []));
    outputs.set(outputOf(root, file), result.outputText);
    progress("compiling", i + 1, queue.length);
  }
  if (diagnostics.length > 0) throw new Error(`dist build failed (tsconfig.build.json):\n${format(diagnostics, root)}`);

  progress("writing dist/");
  for (const [file, text] of outputs) {
    writeIfChanged(file, text);
    written.add(file);
  }
  for (const file of filesUnder(path.join(root, "src"))) {
    if (!file.endsWith(".mjs")) continue;
    const out = outputOf(root, file);
    writeIfChanged(out, fs.readFileSync(file));
    written.add(out);
  }
  for (const file of filesUnder(dist)) {
    const top = path.relative(dist, file).split(path.sep)[0];
    if (!written.has(file) && !KEEP.has(top)) fs.rmSync(file);
  }
  return { files: written.size };
}
