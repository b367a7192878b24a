/**
 * Output safety of `syzygy build` (issue 18): a build killed at any point or failing (disk full)
 * leaves a complete, consistent set of files per game; one build per out/ (lock); stale temp
 * files go; damaged cache entries and outputs are found by their content hash and rebuilt.
 * One small game, A4 only; the kills use SYZYGY_FAULT (src/fault.ts) in a real process.
 */
import { describe, expect, it, beforeAll, afterAll } from "vitest";
import { execFileSync, spawn, spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { cpSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { hostname } from "node:os";
import { join, relative, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { CLI, ROOT, run } from "./cli-support";
import { DATA, TEMPLATES, tempDir } from "./render-support";
import { describeOsError } from "../src/cli/errors";
import { lockOutput } from "../src/pipeline/output-set";
import { artStats, forgetArt, recordingFor } from "../src/render/pdf-art-cache";

const GAME = "lunar-trick";
let work: string;
let data: string;
let out: string;

function files(dir: string): Map<string, string> {
  const map = new Map<string, string>();
  if (!existsSync(dir)) return map;
  for (const e of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!e.isFile()) continue;
    const f = join(e.parentPath, e.name);
    map.set(relative(dir, f).split(sep).join("/"), createHash("sha256").update(readFileSync(f)).digest("hex"));
  }
  return map;
}

const gameFiles = (): Map<string, string> => files(join(out, GAME));

async function pdfPages(file: string): Promise<number> {
  const pdfjs = await import("pdfjs-dist/legacy/build/pdf.mjs");
  const doc = await pdfjs.getDocument({ data: new Uint8Array(readFileSync(file)), verbosity: 0 }).promise;
  const n = doc.numPages;
  await doc.destroy();
  return n;
}

/** The game's files hang together: the save's images and the gallery's pictures exist, the PDFs parse. */
async function expectConsistent(): Promise<void> {
  const dir = join(out, GAME);
  const save = readFileSync(join(dir, "tts", `${GAME}.json`), "utf8");
  const urls = [...new Set(save.match(/file:\/\/\/[^"]+/g) ?? [])];
  expect(urls.length).toBeGreaterThan(3);
  for (const url of urls) expect(existsSync(fileURLToPath(url)), url).toBe(true);
  const html = readFileSync(join(dir, "index.html"), "utf8");
  const refs = [...html.matchAll(/(?:src|href)="((?:cards|print)\/[^"?#]+)/g)].map((m) => decodeURIComponent(m[1]));
  expect(refs.length).toBeGreaterThan(10);
  for (const ref of refs) expect(existsSync(join(dir, ref)), ref).toBe(true);
  const pdfs = readdirSync(join(dir, "print")).filter((f) => f.endsWith(".pdf"));
  expect(pdfs.length).toBe(2);
  for (const pdf of pdfs) expect(await pdfPages(join(dir, "print", pdf))).toBeGreaterThan(0);
}

const BUILD = (): string[] => ["build", GAME, "--paper", "a4", "--data", data, "--out", out];

/** The CLI in a process of its own, with a fault injected. */
function spawnBuild(fault: string): { signal: NodeJS.Signals | null; status: number | null; stderr: string } {
  const r = spawnSync(process.execPath, [CLI, ...BUILD()], { cwd: ROOT, encoding: "utf8", env: { ...process.env, SYZYGY_FAULT: fault } });
  return { signal: r.signal, status: r.status, stderr: r.stderr };
}

function editCard(from: string, to: string): void {
  const deck = join(data, GAME, "deck.yaml");
  const text = readFileSync(deck, "utf8");
  expect(text).toContain(from);
  writeFileSync(deck, text.replace(from, to));
}

/** Overwrites bytes in the middle of `file`, keeping its size and times. */
function damage(file: string): void {
  const st = statSync(file, { bigint: true });
  const buf = readFileSync(file);
  buf.fill(0x55, buf.length >> 1, (buf.length >> 1) + 64);
  writeFileSync(file, buf);
  // To the nanosecond (utimes from JS rounds to microseconds).
  const ns = st.mtimeNs.toString().padStart(10, "0");
  execFileSync("touch", ["-m", "-d", `@${ns.slice(0, -9)}.${ns.slice(-9)}`, file]);
  expect(statSync(file, { bigint: true }).mtimeNs).toBe(st.mtimeNs);
  expect(statSync(file).size).toBe(Number(st.size));
}

function deadPid(): number {
  return spawnSync(process.execPath, ["-e", ""]).pid!;
}

beforeAll(async () => {
  work = tempDir("output-safety");
  data = join(work, "data");
  out = join(work, "out");
  // A snapshot of the game, so edits elsewhere in the repository do not change what is built.
  mkdirSync(data);
  cpSync(join(DATA, GAME), join(data, GAME), { recursive: true });
  if (existsSync(join(DATA, "schema"))) cpSync(join(DATA, "schema"), join(data, "schema"), { recursive: true });
  cpSync(TEMPLATES, join(work, "templates"), { recursive: true });
  const r = await run(...BUILD());
  expect(r.err).toBe(r.err.replace(/\n\s+at /, ""));
  expect(r.code, r.err).toBe(0);
}, 120_000);

afterAll(() => {
  if (work !== undefined) rmSync(work, { recursive: true, force: true });
});

describe("a build that is killed or fails", () => {
  it("killed before its files are moved into place, leaves the previous set untouched", async () => {
    const before = gameFiles();
    editCard("Counts as one extra trick.", "Counts as one more trick.");
    // First write (a PNG or PDF into the staging), and after every file is written (journal).
    for (const fault of ["kill:write:1", "kill:journal"]) {
      const r = spawnBuild(fault);
      expect(r.signal, `${fault}: ${r.stderr}`).toBe("SIGKILL");
      expect(gameFiles()).toEqual(before);
      await expectConsistent();
    }
  }, 60_000);

  it("killed while moving files into place, still has every image its save and gallery name; the next build completes it", async () => {
    const before = gameFiles();
    const r = spawnBuild("kill:move:2");
    expect(r.signal, r.stderr).toBe("SIGKILL");
    await expectConsistent();
    expect(gameFiles()).not.toEqual(before);
    const next = await run(...BUILD());
    expect(next.code, next.err).toBe(0);
    expect(next.err).toMatch(/lunar-trick: finished moving the files of a build that was stopped half way/);
    // Nothing left to do: the killed build had written everything.
    expect(next.out).toMatch(/\n0 of \d+ files written/);
    await expectConsistent();
    expect(existsSync(join(out, ".staging"))).toBe(false);
    const after = gameFiles();
    const changed = [...after].filter(([f, h]) => before.get(f) !== h).map(([f]) => f);
    expect(changed).toEqual(expect.arrayContaining(["print/lunar-trick-a4.pdf", `tts/${GAME}.json`]));
    expect(changed.some((f) => f.startsWith("cards/"))).toBe(true);
  }, 60_000);

  it("with a full disk, names the file and the fix (exit 1, no stack trace) and leaves the previous set", async () => {
    const before = gameFiles();
    // Nothing changed since the last build: its first write is the gallery.
    process.env.SYZYGY_FAULT = "enospc:write:1";
    let r;
    try {
      r = await run(...BUILD());
    } finally {
      delete process.env.SYZYGY_FAULT;
    }
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/no space left on the device to write \S+index\.html: free some disk space \(or build into another folder with --out\) and run again \(ENOSPC\)/);
    expect(r.err).not.toMatch(/\n\s+at /);
    expect(gameFiles()).toEqual(before);
    // No staging, temp file or lock left behind.
    expect(readdirSync(out).filter((f) => f !== ".cache" && f !== GAME)).toEqual([]);
    await expectConsistent();
  });
});

describe("one build per out/ folder", () => {
  it("refuses a second build while the lock's process runs, naming it and the lock file", async () => {
    const lock = join(out, ".syzygy.lock");
    const sleeper = spawn("sleep", ["30"]);
    try {
      writeFileSync(lock, JSON.stringify({ pid: sleeper.pid, host: hostname(), command: "syzygy watch", started: "2026-12-01T06:00:00.000Z" }));
      const before = gameFiles();
      const r = await run(...BUILD());
      expect(r.code).toBe(1);
      expect(r.err).toContain(`syzygy watch (pid ${sleeper.pid}`);
      expect(r.err).toMatch(/\.syzygy\.lock/);
      expect(r.err).toMatch(/if no such process is running, delete \S*\.syzygy\.lock/);
      expect(gameFiles()).toEqual(before);
      expect(existsSync(lock)).toBe(true);
    } finally {
      sleeper.kill();
    }
  });

  it("takes over the lock of a process that is gone, and releases its own", async () => {
    const lock = join(out, ".syzygy.lock");
    const pid = deadPid();
    writeFileSync(lock, JSON.stringify({ pid, host: hostname(), command: "syzygy build", started: "2026-12-01T06:00:00.000Z" }));
    const r = await run(...BUILD(), "--no-tts");
    expect(r.code, r.err).toBe(0);
    expect(r.err).toContain(`took over the lock of process ${pid}`);
    expect(existsSync(lock)).toBe(false);
  });
});

describe("a commit journal", () => {
  it("that names files outside the game's folder is refused, nothing removed", async () => {
    const victim = join(work, "victim.txt");
    writeFileSync(victim, "keep me");
    mkdirSync(join(out, ".staging"), { recursive: true });
    const journal = join(out, ".staging", `${GAME}.commit.json`);
    writeFileSync(journal, JSON.stringify({ game: GAME, moves: [], removes: ["../../victim.txt"] }));
    const r = await run(...BUILD(), "--no-tts");
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/commit\.json names files outside .*lunar-trick: delete .*\.staging and build again/);
    expect(readFileSync(victim, "utf8")).toBe("keep me");
    expect(existsSync(join(out, ".syzygy.lock"))).toBe(false);
    rmSync(join(out, ".staging"), { recursive: true });
  });
});

describe("tts shares the lock", () => {
  it("is refused while a build holds out/", async () => {
    const locked = lockOutput(out, [GAME], "syzygy build");
    try {
      const r = await run("tts", GAME, "--data", data, "--out", out);
      expect(r.code).toBe(1);
      expect(r.err).toContain(`syzygy build (pid ${process.pid}`);
    } finally {
      locked.release();
    }
  });
});

describe("watch shares the lock", () => {
  it("is refused while a build holds out/, and --out naming a file is a usage error", async () => {
    const locked = lockOutput(out, [GAME], "syzygy build");
    try {
      const r = await run("watch", GAME, "--no-serve", "--data", data, "--out", out);
      expect(r.code).toBe(1);
      expect(r.err).toContain(`syzygy build (pid ${process.pid}`);
    } finally {
      locked.release();
    }
    expect(existsSync(join(out, ".syzygy.lock"))).toBe(false);
    const file = join(work, "a-file");
    writeFileSync(file, "x");
    const w = await run("watch", GAME, "--no-serve", "--data", data, "--out", file);
    expect(w.code).toBe(2);
    expect(w.err).toMatch(/syzygy watch: --out .*a-file is a file, not a folder/);
  });
});

describe("stale temp files", () => {
  it("are removed by the next build (those of live processes are kept)", async () => {
    const dead = deadPid();
    const sleeper = spawn("sleep", ["30"]);
    try {
      const junk = [
        join(out, GAME, "tts", `.images.${dead}.tmp`, "x.jpg"),
        join(out, GAME, "tts", `${GAME}.json.${dead}.tmp`),
        join(out, GAME, "cards", "moon-cards", `.rising-1.png.${dead}.0.7.tmp`),
        join(out, ".cache", "pdf-art", `.abc.json.${dead}.2.1.tmp`),
        join(out, ".cache", "png", `.abc.png.${dead}.0.1.tmp`),
        join(out, ".staging", GAME, "cards", "left-over.png"),
        join(out, `.syzygy.lock.${dead}.stale`),
      ];
      const live = join(out, ".cache", "pdf-art", `.live.json.${sleeper.pid}.0.1.tmp`);
      for (const f of [...junk, live]) {
        mkdirSync(join(f, ".."), { recursive: true });
        writeFileSync(f, "junk");
      }
      const r = await run(...BUILD());
      expect(r.code, r.err).toBe(0);
      for (const f of junk) expect(existsSync(f), f).toBe(false);
      expect(existsSync(join(out, GAME, "tts", `.images.${dead}.tmp`))).toBe(false);
      expect(existsSync(join(out, ".staging"))).toBe(false);
      expect(existsSync(live)).toBe(true);
      await expectConsistent();
    } finally {
      sleeper.kill();
    }
  });
});

describe("damaged files with unchanged size and time", () => {
  it("an output PNG is found by its hash: `tts` names it, `build` makes it again and the TTS save builds", async () => {
    const png = join(out, GAME, "cards", "moon-cards", "back.png");
    const good = readFileSync(png);
    damage(png);
    const tts = await run("tts", GAME, "--data", data, "--out", out);
    expect(tts.code).toBe(1);
    expect(tts.err).toMatch(/card image\(s\) changed since `syzygy build` wrote them \(damaged\?\), e\.g\. \S+moon-cards\/back\.png: run `syzygy build lunar-trick`/);
    expect(tts.err).not.toMatch(/libpng|vips/);
    const r = await run(...BUILD());
    expect(r.code, r.err).toBe(0);
    expect(r.err).not.toMatch(/libpng|vips/);
    expect(readFileSync(png).equals(good)).toBe(true);
    await expectConsistent();
  });

  it("a cached PNG is found by its hash and made again, not copied", async () => {
    const png = join(out, GAME, "cards", "moon-cards", "back.png");
    const good = readFileSync(png);
    const hash = createHash("sha256").update(good).digest("hex").slice(0, 32);
    const cached = readdirSync(join(out, ".cache", "png")).filter((f) => f.includes(`.${hash}.`));
    expect(cached.length).toBe(1);
    damage(join(out, ".cache", "png", cached[0]));
    rmSync(png);
    const r = await run(...BUILD());
    expect(r.code, r.err).toBe(0);
    expect(readFileSync(png).equals(good)).toBe(true);
    // The damaged entry was replaced by a good one.
    const entry = readFileSync(join(out, ".cache", "png", cached[0]));
    expect(createHash("sha256").update(entry).digest("hex").slice(0, 32)).toBe(hash);
  });

  it("a TTS image and its cache entry are found by their hashes and made again", async () => {
    const images = join(out, GAME, "tts", "images");
    const name = readdirSync(images).find((f) => f.endsWith(".jpg"))!;
    const good = readFileSync(join(images, name));
    const cacheDir = join(out, ".cache", "tts", "images");
    const hash = createHash("sha256").update(good).digest("hex").slice(0, 32);
    const entry = readdirSync(cacheDir).find((f) => f.endsWith(`.${hash}`))!;
    expect(entry).toBeDefined();
    damage(join(images, name));
    damage(join(cacheDir, entry));
    const r = await run(...BUILD());
    expect(r.code, r.err).toBe(0);
    expect(readFileSync(join(images, name)).equals(good)).toBe(true);
    expect(readFileSync(join(cacheDir, entry)).equals(good)).toBe(true);
  });
});

describe("PDF art recordings", () => {
  it("one damaged on disk (still valid JSON) is converted again, an intact one is read", () => {
    const disk = { dir: join(work, "art"), version: "output-safety" };
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10" viewBox="0 0 10 10"><rect x="1" y="2" width="3" height="4" fill="#123456"/></svg>';
    const first = recordingFor(svg, disk);
    const [name] = readdirSync(disk.dir);
    const file = join(disk.dir, name);
    forgetArt();
    let stats = { ...artStats };
    expect(recordingFor(svg, disk)).toEqual(first);
    expect(artStats.loaded - stats.loaded).toBe(1);
    // One digit of the recording changed: still JSON, a different drawing.
    const text = readFileSync(file, "utf8");
    const at = text.slice(65).search(/[1-9]/) + 65;
    writeFileSync(file, text.slice(0, at) + (text[at] === "9" ? "8" : String(Number(text[at]) + 1)) + text.slice(at + 1));
    expect(() => JSON.parse(readFileSync(file, "utf8").slice(65))).not.toThrow();
    forgetArt();
    stats = { ...artStats };
    expect(recordingFor(svg, disk)).toEqual(first);
    expect(artStats.recorded - stats.recorded).toBe(1);
    expect(artStats.loaded - stats.loaded).toBe(0);
  });
});

describe("--out and OS errors", () => {
  it("--out naming a file (or a path through one) is a usage error, exit 2", async () => {
    const file = join(work, "a-file");
    writeFileSync(file, "x");
    for (const dir of [file, join(file, "sub")]) {
      const r = await run("build", GAME, "--paper", "a4", "--no-png", "--data", data, "--out", dir);
      expect(r.code, r.err).toBe(2);
      expect(r.err).toMatch(/--out .*a-file.* is a file.*not a folder: choose a folder/);
      expect(r.err).not.toMatch(/ENOTDIR|\n\s+at /);
    }
  });

  it("OS errors name the file and the fix", () => {
    const err = (code: string, path?: string): NodeJS.ErrnoException => Object.assign(new Error(`${code}: x, open`), { code, syscall: "open", path });
    expect(describeOsError(err("EACCES", "/srv/out/a.png"))).toBe("permission denied for /srv/out/a.png: make it (and its folder) writable by you, or build into another folder with --out (EACCES)");
    expect(describeOsError(err("EROFS", "/mnt/ro/out"))).toMatch(/^\/mnt\/ro\/out is on a read-only file system: build into a writable folder with --out/);
    expect(describeOsError(err("ENOSPC"))).toMatch(/^no space left on the device to write a file: free some disk space/);
    expect(describeOsError(new Error("plain"))).toBeUndefined();
    // Wrapped (a game's build error keeps the OS error as its cause).
    expect(describeOsError(new Error("wrapped", { cause: err("EACCES", "/x") }))).toMatch(/permission denied for \/x/);
  });
});
