/** What a CLI run loads: ES module imports and require() calls, seen from outside the process. */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { expect } from "vitest";
import { ROOT } from "./cli-support";

/** tsx's loader by its URL, so a run from another working folder finds it. */
const TSX = pathToFileURL(join(ROOT, "node_modules", "tsx", "dist", "loader.mjs")).href;

/**
 * The modules a CLI run imports or requires: src/ files relative to the repo, packages by name,
 * and every file's URL. ES module imports are seen by a resolve hook, require() calls
 * (createRequire: pdfkit, fontkit…) by a wrapper around CommonJS's resolver.
 */
export function importsOf(args: string[], { progressOnStderr = false, cwd = ROOT } = {}): { src: string[]; packages: string[]; urls: string[]; stdout: string } {
  const dir = mkdtempSync(join(tmpdir(), "syzygy-imports-"));
  const log = join(dir, "imports.txt");
  const hooks = join(dir, "hooks.mjs");
  writeFileSync(
    hooks,
    `import { appendFileSync } from "node:fs";
export async function resolve(specifier, context, next) {
  const r = await next(specifier, context);
  appendFileSync(${JSON.stringify(log)}, r.url + "\\n");
  return r;
}`,
  );
  const register = join(dir, "register.mjs");
  writeFileSync(register, `import { register } from "node:module";\nregister(${JSON.stringify(pathToFileURL(hooks).href)});\n`);
  const requires = join(dir, "requires.cjs");
  writeFileSync(
    requires,
    `const Module = require("node:module");
const { appendFileSync } = require("node:fs");
const { pathToFileURL } = require("node:url");
const resolveFilename = Module._resolveFilename;
Module._resolveFilename = function (request, parent, ...rest) {
  const file = resolveFilename.call(this, request, parent, ...rest);
  // tsx's own requires (esbuild…) are the test's loader, not the CLI's; a module an ES module
  // imports (no parent) is the resolve hook's to see.
  const byLoader = /[\\\\/]node_modules[\\\\/](tsx|esbuild|get-tsconfig)[\\\\/]/.test(parent?.filename ?? "");
  if (parent !== undefined && file.startsWith("/") && !byLoader) appendFileSync(${JSON.stringify(log)}, pathToFileURL(file).href + "\\n");
  return file;
};
`,
  );
  const p = spawnSync(process.execPath, ["--require", requires, "--import", TSX, "--import", register, join(ROOT, "src/cli.ts"), ...args], { cwd, encoding: "utf8" });
  if (!progressOnStderr) expect(p.stderr).toBe("");
  expect(p.status, p.stderr).toBe(0);
  const urls = readFileSync(log, "utf8").split("\n").filter((u) => u.startsWith("file:"));
  const root = pathToFileURL(ROOT).href + "/";
  const src = urls.filter((u) => u.startsWith(root + "src/")).map((u) => u.slice(root.length));
  const packages = urls
    .map((u) => /\/node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(u)?.[1])
    .filter((n): n is string => n !== undefined && n !== "tsx");
  return { src: [...new Set(src)].sort(), packages: [...new Set(packages)].sort(), urls: [...new Set(urls)], stdout: p.stdout };
}

