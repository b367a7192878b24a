/**
 * Issue 39.3: `validate` records its template and face checks by the content hash of everything
 * they read (src/cli/render-check-cache.ts). What it returns from an entry must be what the checks
 * would find: any byte changed in the data or templates runs them again, a tampered entry is
 * ignored, entries are private, and a link in the way is never written through.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { beforeEach, describe, expect, it } from "vitest";
import { cachedChecks, checkKey, type CheckResult } from "../src/cli/render-check-cache";
import { gameRenderProblems } from "../src/cli/render-check";
import { checkGame } from "../src/model/load";
import type { GameModel } from "../src/model/types";
import { ROOT } from "./cli-support";

let root: string;
let data: string;
let templates: string;
let out: string;
let runs: number;

beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), "syzygy-vcache-"));
  data = path.join(root, "data");
  templates = path.join(root, "templates");
  out = path.join(root, "out");
  fs.cpSync(path.join(ROOT, "data", "lunar-trick"), path.join(data, "lunar-trick"), { recursive: true });
  fs.cpSync(path.join(ROOT, "templates"), templates, { recursive: true });
  runs = 0;
});

function model(): GameModel {
  const r = checkGame(data, "lunar-trick", { templatesDir: templates });
  expect(r.diagnostics).toEqual([]);
  return r.model as GameModel;
}

/** The checks through the cache, counting how often they really ran. */
async function checks(m = model()): Promise<CheckResult> {
  const [r] = await cachedChecks(
    [m],
    {},
    async (models) => {
      runs++;
      return models.map((x) => gameRenderProblems(x));
    },
    out,
  );
  return r;
}

function entries(): string[] {
  const dir = path.join(out, ".cache", "validate");
  return fs.existsSync(dir) ? fs.readdirSync(dir).map((n) => path.join(dir, n)) : [];
}

describe("validate's recorded checks", () => {
  it("the same bytes: the recorded result, equal to the checks' own, without running them", async () => {
    const first = await checks();
    expect(runs).toBe(1);
    expect(await checks()).toEqual(first);
    expect(runs).toBe(1);
    expect(first).toEqual({ diagnostics: gameRenderProblems(model()).diagnostics, warnings: gameRenderProblems(model()).warnings });
  }, 60_000);

  it("a broken template after a valid run: the checks run again and find it", async () => {
    expect((await checks()).diagnostics).toEqual([]);
    const file = path.join(templates, "lunar-trick", "moon-card.svg.hbs");
    fs.appendFileSync(file, "\n{{#if item.id}}\n");
    const broken = await checks();
    expect(runs).toBe(2);
    expect(broken.diagnostics.map((d) => d.code)).toContain("template-syntax");
  }, 60_000);

  it("one byte of any file in the data, templates or partials folders changes the key", () => {
    const m = model();
    const before = checkKey(m, {});
    expect(before).toMatch(/^[0-9a-f]{64}$/);
    for (const file of [path.join(templates, "partials", "corners.hbs"), path.join(data, "lunar-trick", "deck.yaml")]) {
      const text = fs.readFileSync(file);
      fs.writeFileSync(file, Buffer.concat([text, Buffer.from(" ")]));
      expect(checkKey(m, {}), file).not.toBe(before);
      fs.writeFileSync(file, text);
      expect(checkKey(m, {})).toBe(before);
    }
    expect(checkKey(m, { render: false })).not.toBe(before);
  });

  it("an entry whose body was changed is not used", async () => {
    await checks();
    const [file] = entries();
    const entry = JSON.parse(fs.readFileSync(file, "utf8")) as { body: string };
    const forged: CheckResult = { diagnostics: [], warnings: [{ where: "forged", message: "not from the checks" }] };
    fs.writeFileSync(file, JSON.stringify({ ...entry, body: JSON.stringify(forged) }));
    const again = await checks();
    expect(runs).toBe(2);
    expect(again.warnings.map((w) => w.where)).not.toContain("forged");
  }, 60_000);

  it("entries are private: 0700 folder, 0600 files, no temporary file left", async () => {
    await checks();
    const files = entries();
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/[0-9a-f]{64}\.json$/);
    expect(fs.statSync(path.dirname(files[0])).mode & 0o777).toBe(0o700);
    expect(fs.statSync(files[0]).mode & 0o777).toBe(0o600);
  }, 60_000);

  it("a link at out/.cache is not written through; the checks still run and answer", async () => {
    const elsewhere = fs.mkdtempSync(path.join(os.tmpdir(), "syzygy-vcache-elsewhere-"));
    fs.mkdirSync(out);
    fs.symlinkSync(elsewhere, path.join(out, ".cache"));
    expect((await checks()).diagnostics).toEqual([]);
    expect((await checks()).diagnostics).toEqual([]);
    expect(runs).toBe(2);
    expect(fs.readdirSync(elsewhere)).toEqual([]);
  }, 60_000);
});
