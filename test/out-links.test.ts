/**
 * Issue 36, item 2, the quick checks (the whole builds: test/strangers-links.test.ts): below an
 * out folder no link is followed — folders are made real, listings of a link are empty and the
 * link goes, temp and lock files are created anew — and templates and partials that lead out of
 * the templates folder are refused at their path (validate, build, and watch's TemplateSet).
 */
import { existsSync, lstatSync, mkdirSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { run } from "./cli-support";
import { tempDir } from "./render-support";
import { confineOut, makeDir, ownEntries, writeFileAtomic } from "../src/render/files";
import { acquireOutLock } from "../src/pipeline/lock";
import { lockOutput } from "../src/pipeline/output-set";
import { TemplateSet } from "../src/render/face";

let work: string;
let out: string;
let victim: string;

beforeAll(() => {
  work = tempDir("out-links");
  out = join(work, "out");
  victim = join(work, "victim");
  mkdirSync(out);
  mkdirSync(victim);
  writeFileSync(join(victim, "keep.png"), "victim");
  confineOut(out);
});

afterAll(() => rmSync(work, { recursive: true, force: true }));

const victimFiles = (): string[] => readdirSync(victim).sort();

describe("below out/, links are removed and replaced, never followed (issue 36.2)", () => {
  it("a file written through a linked folder lands in a real folder in its place", () => {
    symlinkSync(victim, join(out, "pages"));
    writeFileAtomic(join(out, "pages", "page-1.png"), "thumb");
    expect(victimFiles()).toEqual(["keep.png"]);
    expect(lstatSync(join(out, "pages")).isDirectory()).toBe(true);
    expect(readFileSync(join(out, "pages", "page-1.png"), "utf8")).toBe("thumb");
  });

  it("a listing of a linked folder is empty and the link is gone; makeDir replaces a deeper link", () => {
    symlinkSync(victim, join(out, "dtc"));
    expect(ownEntries(join(out, "dtc"))).toEqual([]);
    expect(existsSync(join(out, "dtc"))).toBe(false);
    mkdirSync(join(out, "game"));
    symlinkSync(victim, join(out, "game", "tts"));
    makeDir(join(out, "game", "tts", "images"));
    expect(lstatSync(join(out, "game", "tts")).isDirectory()).toBe(true);
    expect(victimFiles()).toEqual(["keep.png"]);
  });

  it("the lock's temp file that is a link is replaced, not written through", () => {
    const target = join(work, "lock-target");
    writeFileSync(target, "keep me");
    symlinkSync(target, join(out, `.syzygy.lock.${process.pid}.tmp`));
    const lock = acquireOutLock(out, "test");
    try {
      expect(readFileSync(target, "utf8")).toBe("keep me");
      expect(JSON.parse(readFileSync(join(out, ".syzygy.lock"), "utf8")).pid).toBe(process.pid);
    } finally {
      lock.release();
    }
  });

  it("a lock that is a link is taken as stale, and the lock sweeps every link below out/", () => {
    writeFileSync(join(work, "lock-json"), JSON.stringify({ pid: 1, host: "elsewhere", command: "x", started: "" }));
    symlinkSync(join(work, "lock-json"), join(out, ".syzygy.lock"));
    mkdirSync(join(out, "g", "cards"), { recursive: true });
    symlinkSync(victim, join(out, "g", "cards", "deep"));
    symlinkSync(victim, join(out, ".cache"));
    const locked = lockOutput(out, ["g"], "test");
    try {
      expect(lstatSync(join(out, ".syzygy.lock")).isFile()).toBe(true);
      expect(existsSync(join(out, "g", "cards", "deep"))).toBe(false);
      expect(existsSync(join(out, ".cache"))).toBe(false);
      expect(victimFiles()).toEqual(["keep.png"]);
    } finally {
      locked.release();
    }
  });
});

describe("templates and partials are confined to the templates folder (issue 36.2)", () => {
  let project: string;
  beforeAll(async () => {
    project = join(work, "project");
    writeFileSync(join(work, "cards.csv"), "Name,Cost,Text\nFire Bolt,3,Deal 3.\n");
    const made = await run("new", "mini", "--from-csv", join(work, "cards.csv"), "--data", join(project, "data"));
    expect(made.code, made.err).toBe(0);
    writeFileSync(join(work, "secret.txt"), "SECRET-OUTSIDE");
  });

  it("a partial that links out: validate and build name it and exit 1; watch's templates refuse it", async () => {
    const card = join(project, "templates", "mini", "card.svg.hbs");
    writeFileSync(card, readFileSync(card, "utf8") + "<text>{{> leak}}</text>\n");
    mkdirSync(join(project, "templates", "partials"));
    symlinkSync(join(work, "secret.txt"), join(project, "templates", "partials", "leak.hbs"));
    const v = await run("validate", "mini", "--data", join(project, "data"));
    expect(v.code).toBe(1);
    expect(v.err).toMatch(/partials\/leak\.hbs: this path is a link that leads outside the templates folder/);
    expect(v.err).not.toContain("internal error");
    const b = await run("build", "mini", "--data", join(project, "data"), "--out", join(project, "out"), "--no-tts", "--paper", "a4");
    expect(b.code).toBe(1);
    expect(b.err).toMatch(/leak\.hbs: this path is a link that leads outside the templates folder/);
    expect(() => new TemplateSet(join(project, "templates")).get("mini", "card")).toThrow(/leak\.hbs: this path is a link that leads outside the templates folder/);
    rmSync(join(project, "templates", "partials"), { recursive: true });
  });

  it("a face template that links out is refused at its path", async () => {
    const back = join(project, "templates", "mini", "back.svg.hbs");
    rmSync(back);
    writeFileSync(join(work, "back.svg.hbs"), '<svg xmlns="http://www.w3.org/2000/svg"><text>SECRET-OUTSIDE</text></svg>');
    symlinkSync(join(work, "back.svg.hbs"), back);
    const v = await run("validate", "mini", "--data", join(project, "data"));
    expect(v.code).toBe(1);
    expect(v.err).toMatch(/templates\/mini\/back\.svg\.hbs: this path is a link that leads outside the templates folder/);
    expect(() => new TemplateSet(join(project, "templates")).get("mini", "back")).toThrow(/leads outside the templates folder/);
  });
});
