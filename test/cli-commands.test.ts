/**
 * The CLI loads only the command that runs: `--help` lists every command from the table in
 * src/cli/commands/index.ts without importing any command module, so the table must say what the
 * modules declare; and a short command imports nothing it does not need.
 */
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Command } from "commander";
import { describe, expect, it } from "vitest";
import { COMMANDS, commandNamed } from "../src/cli/commands/index";
import { v8FlagsFor } from "../src/cli";
import { ROOT, run } from "./cli-support";
import { importsOf } from "./cli-imports";

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
    // A fresh working folder: no checks recorded yet in its out/.cache/validate.
    const r = importsOf(["validate", "lunar-trick", "--data", join(ROOT, "data")], { cwd: mkdtempSync(join(tmpdir(), "syzygy-validate-")) });
    expect(r.stdout).toContain("ok lunar-trick");
    expect(r.src).toContain("src/model/load.ts");
    expect(r.src).toContain("src/render/template-check.ts");
    expect(r.src.filter((f) => /^src\/(build|tts|lua-host|pod|gallery)\//.test(f))).toEqual([]);
    for (const heavy of ["pdfkit", "typescript", "typescript-to-lua", "lua-wasm-bindings"]) expect(r.packages).not.toContain(heavy);
  }, 60_000);

  // Issue 39.3: the checks are recorded by content hash; a second validate of the same bytes
  // prints the same and loads no renderer at all.
  it("validate <game> again with nothing changed: the recorded checks, no renderer loaded", () => {
    const cwd = mkdtempSync(join(tmpdir(), "syzygy-validate-"));
    const args = ["validate", "lunar-trick", "--data", join(ROOT, "data")];
    const cold = importsOf(args, { cwd });
    expect(cold.src).toContain("src/render/template-check.ts");
    const warm = importsOf(args, { cwd });
    expect(warm.stdout).toBe(cold.stdout);
    expect(warm.src).toContain("src/cli/render-check-cache.ts");
    expect(warm.src.filter((f) => /^src\/(render|build|tts|lua-host|pod|gallery)\//.test(f))).toEqual([]);
    for (const heavy of ["handlebars", "@resvg/resvg-js", "sharp", "pdfkit", "harfbuzzjs"]) expect(warm.packages).not.toContain(heavy);
  }, 120_000);

  it("validate --no-render <game>: the model only, nothing of rendering, TTS, Lua or TypeScript", () => {
    const r = importsOf(["validate", "--no-render", "lunar-trick"]);
    expect(r.stdout).toContain("ok lunar-trick");
    expect(r.src.filter((f) => /^src\/(render|build|tts|lua-host|pod|gallery)\//.test(f))).toEqual([]);
    for (const heavy of ["sharp", "@resvg/resvg-js", "pdfkit", "harfbuzzjs", "typescript", "typescript-to-lua", "lua-wasm-bindings"]) expect(r.packages).not.toContain(heavy);
  }, 60_000);
});
