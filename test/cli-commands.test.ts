/**
 * The CLI loads only the command that runs: `--help` lists every command from the table in
 * src/cli/commands/index.ts without importing any command module, so the table must say what the
 * modules declare; and a short command imports nothing it does not need.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { Command } from "commander";
import { describe, expect, it } from "vitest";
import { COMMANDS, commandNamed } from "../src/cli/commands/index";
import { v8FlagsFor } from "../src/cli";
import { ROOT, run } from "./cli-support";

describe("the command table", () => {
  it.each(COMMANDS.map((c) => [c.name, c] as const))("%s: its usage is what its module declares", async (_name, entry) => {
    const command = new Command(entry.name).description(entry.summary);
    (await entry.load()).declare(command);
    expect(command.usage()).toBe(entry.usage);
    expect(command.description().length).toBeGreaterThanOrEqual(entry.summary.length);
  });

  it("finds the command a command line runs, or asks help for", () => {
    expect(commandNamed(["build", "lunar-trick", "--out", "x"])?.name).toBe("build");
    expect(commandNamed(["help", "list"])?.name).toBe("list");
    expect(commandNamed(["--help"])).toBeUndefined();
    expect(commandNamed(["-V"])).toBeUndefined();
    expect(commandNamed(["bogus", "build"])).toBeUndefined();
  });

  // Every command once ran without the optimising compiler (`short ?? true` was true for all of
  // them), and `simulate` took 4.4× as long as with it.
  it("only the hot commands run with V8's optimising compiler; help and the others without it", () => {
    expect(v8FlagsFor(["simulate", "eclipsed", "--games", "1000"])).toEqual([]);
    for (const argv of [["build", "lunar-trick"], ["validate", "eclipsed"], ["--help"], ["-V"], ["help", "build"], ["bogus"]])
      expect(v8FlagsFor(argv), argv.join(" ")).toEqual(["--no-opt", "--semi-space-growth-factor=1"]);
    for (const c of COMMANDS) expect(v8FlagsFor([c.name]).length === 0, c.name).toBe(c.hot === true);
  });

  it("--version prints package.json's version; --help lists every command with its usage", async () => {
    const version = (JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as { version: string }).version;
    expect(await run("--version")).toEqual({ code: 0, out: `${version}\n`, err: "" });
    const help = await run("--help");
    expect(help.code).toBe(0);
    for (const c of COMMANDS) expect(help.out).toContain(`  ${c.name} ${c.usage} `);
  });
});

/**
 * The modules a CLI run imports or requires: src/ files relative to the repo, packages by name,
 * and every file's URL. ES module imports are seen by a resolve hook, require() calls
 * (createRequire: pdfkit, fontkit…) by a wrapper around CommonJS's resolver.
 */
function importsOf(args: string[], { progressOnStderr = false } = {}): { src: string[]; packages: string[]; urls: string[]; stdout: string } {
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
  const p = spawnSync(process.execPath, ["--require", requires, "--import", "tsx", "--import", register, join(ROOT, "src/cli.ts"), ...args], { cwd: ROOT, encoding: "utf8" });
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

describe("what a command imports", () => {
  it("--help: commander and the command table, no command module", () => {
    const r = importsOf(["--help"]);
    expect(r.stdout).toContain("Commands:");
    expect(r.src).toContain("src/cli.ts");
    expect(r.packages).toEqual(["commander"]);
    expect(r.src.filter((f) => f.startsWith("src/cli/commands/"))).toEqual(["src/cli/commands/index.ts"]);
    expect(r.src.filter((f) => /^src\/(model|render|engine|games|table|build|tts|lua-host|pod|gallery)\//.test(f))).toEqual([]);
  }, 60_000);

  // Issue 25: validate checks what build checks, so it renders every face to SVG (and reads it
  // back with resvg) — but writes no PNG or PDF and builds no TTS save or Lua.
  it("validate <game>: the model and the SVG renderer, nothing of PDF, TTS, Lua or TypeScript", () => {
    const r = importsOf(["validate", "lunar-trick"]);
    expect(r.stdout).toContain("ok lunar-trick");
    expect(r.src).toContain("src/model/load.ts");
    expect(r.src).toContain("src/render/template-check.ts");
    expect(r.src.filter((f) => /^src\/(build|tts|lua-host|pod|gallery)\//.test(f))).toEqual([]);
    for (const heavy of ["pdfkit", "typescript", "typescript-to-lua", "lua-wasm-bindings"]) expect(r.packages).not.toContain(heavy);
  }, 60_000);

  // Session 10: pdfkit, fontkit and sharp load through their CommonJS builds (~0.1 s and ~0.07 s
  // less than their ES module builds), without what syzygy never asks of them: fontkit's Brotli
  // decoder (WOFF2 fonts, refused) and pdfkit's AES tables (encrypted PDFs) — src/defer-require.ts.
  it("build --no-tts <game>: pdfkit, fontkit and sharp as CommonJS, without the Brotli decoder or the AES tables", () => {
    const out = mkdtempSync(join(tmpdir(), "syzygy-imports-out-"));
    const r = importsOf(["build", "lunar-trick", "--no-tts", "--out", out], { progressOnStderr: true });
    expect(r.packages).toEqual(expect.arrayContaining(["pdfkit", "fontkit", "sharp", "@resvg/resvg-js"]));
    const esmBuilds = r.urls.filter((u) => /\/node_modules\/(pdfkit|fontkit|sharp)\/.*\.mjs$/.test(u));
    expect(esmBuilds).toEqual([]);
    expect(r.urls.filter((u) => u.includes("/node_modules/brotli/dec/") || u.includes("/node_modules/@noble/ciphers/_polyval"))).toEqual([]);
    expect(readdirSync(join(out, "lunar-trick", "cards")).length).toBeGreaterThan(0);
  }, 120_000);

  it("validate --no-render <game>: the model only, nothing of rendering, TTS, Lua or TypeScript", () => {
    const r = importsOf(["validate", "--no-render", "lunar-trick"]);
    expect(r.stdout).toContain("ok lunar-trick");
    expect(r.src.filter((f) => /^src\/(render|build|tts|lua-host|pod|gallery)\//.test(f))).toEqual([]);
    for (const heavy of ["sharp", "@resvg/resvg-js", "pdfkit", "harfbuzzjs", "typescript", "typescript-to-lua", "lua-wasm-bindings"]) expect(r.packages).not.toContain(heavy);
  }, 60_000);
});
