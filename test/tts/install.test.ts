/**
 * `syzygy tts --install`: the save and a thumbnail drawn from the cards land in TTS's Saves folder
 * (per OS, or --tts-dir), byte for byte the built save, written atomically, and the CLI says where.
 */
import { afterAll, describe, expect, it } from "vitest";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import sharp from "sharp";
import { main } from "../../src/cli";
import { defaultTtsDir, installSave, savesDir, thumbnail, THUMBNAIL_PX } from "../../src/tts/install";
import { buildTtsForModel } from "../../src/tts/index";
import { repoModel, tempOut, writeFakeImages } from "./fixtures";

const DATA = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../data");
const temps: string[] = [];

afterAll(() => {
  for (const d of temps) fs.rmSync(d, { recursive: true, force: true });
});

function temp(): string {
  const d = tempOut();
  temps.push(d);
  return d;
}

async function capture(fn: () => Promise<number>): Promise<{ code: number; out: string; err: string }> {
  const out: string[] = [];
  const err: string[] = [];
  const o = process.stdout.write.bind(process.stdout);
  const e = process.stderr.write.bind(process.stderr);
  process.stdout.write = ((c: string) => (out.push(String(c)), true)) as typeof process.stdout.write;
  process.stderr.write = ((c: string) => (err.push(String(c)), true)) as typeof process.stderr.write;
  try {
    return { code: await fn(), out: out.join(""), err: err.join("") };
  } finally {
    process.stdout.write = o;
    process.stderr.write = e;
  }
}

describe("TTS Saves folder", () => {
  it("is Documents/My Games on Windows, ~/Library on macOS, ~/.local/share on Linux", () => {
    expect(defaultTtsDir("win32", "C:\\Users\\ann", { USERPROFILE: "C:\\Users\\ann" })).toBe("C:\\Users\\ann\\Documents\\My Games\\Tabletop Simulator");
    expect(defaultTtsDir("darwin", "/Users/ann", {})).toBe("/Users/ann/Library/Tabletop Simulator");
    expect(defaultTtsDir("linux", "/home/ann", {})).toBe("/home/ann/.local/share/Tabletop Simulator");
  });

  it("needs TTS's folder to exist (TTS makes it), and names the fix when it does not", () => {
    const dir = temp();
    expect(savesDir(dir, true)).toBe(path.join(dir, "Saves"));
    expect(() => savesDir(path.join(dir, "nope"), false)).toThrow(/no Tabletop Simulator folder at .*nope: start TTS once.*--tts-dir/);
    expect(() => savesDir(path.join(dir, "nope"), true)).toThrow(/--tts-dir .*nope does not exist/);
  });
});

describe("installSave", () => {
  it("copies the save byte for byte beside a square thumbnail drawn from the cards", async () => {
    const model = repoModel("lunar-trick");
    const out = temp();
    await writeFakeImages(model, out);
    const built = await buildTtsForModel(model, { outDir: out });
    const saves = path.join(temp(), "Saves");
    const done = await installSave(model, built.savePath, path.join(out, model.id), saves);
    expect(done).toEqual({ save: path.join(saves, "syzygy-lunar-trick.json"), thumbnail: path.join(saves, "syzygy-lunar-trick.png") });
    expect(fs.readFileSync(done.save)).toEqual(fs.readFileSync(built.savePath));
    const meta = await sharp(done.thumbnail).metadata();
    expect([meta.width, meta.height, meta.channels]).toEqual([THUMBNAIL_PX, THUMBNAIL_PX, 3]);
    // Drawn from the cards: the middle of the thumbnail shows a card's own colour, not the felt.
    const { data, info } = await sharp(done.thumbnail).raw().toBuffer({ resolveWithObject: true });
    const at = (x: number, y: number) => [...data.subarray((y * info.width + x) * 3, (y * info.width + x) * 3 + 3)];
    const felt = at(2, 2);
    expect(at(THUMBNAIL_PX / 2, Math.round(THUMBNAIL_PX * 0.42))).not.toEqual(felt);
    expect(fs.readdirSync(saves).sort()).toEqual(["syzygy-lunar-trick.json", "syzygy-lunar-trick.png"]);
    // Reproducible, and a second install replaces the first without leaving temp files.
    expect(await thumbnail(model, path.join(out, model.id))).toEqual(fs.readFileSync(done.thumbnail));
    await installSave(model, built.savePath, path.join(out, model.id), saves);
    expect(fs.readdirSync(saves).sort()).toEqual(["syzygy-lunar-trick.json", "syzygy-lunar-trick.png"]);
  }, 60_000);
});

describe("syzygy tts --install", () => {
  it("builds, installs into --tts-dir/Saves and says where; --tts-dir alone is a usage error", async () => {
    const out = temp();
    await writeFakeImages(repoModel("lunar-trick"), out);
    const tts = temp();
    const r = await capture(() => main(["tts", "lunar-trick", "--data", DATA, "--out", out, "--install", "--tts-dir", tts]));
    expect(r.err).toBe("");
    expect(r.code).toBe(0);
    const saved = path.join(tts, "Saves", "syzygy-lunar-trick.json");
    expect(r.out).toContain(`installed lunar-trick into Tabletop Simulator: ${saved} (thumbnail syzygy-lunar-trick.png)`);
    expect(r.out).toContain(`its images are files in ${path.resolve(out)}: it plays on this computer; for multiplayer publish that folder and install with --base-url`);
    const save = JSON.parse(fs.readFileSync(saved, "utf8"));
    expect(save.SaveName).toBe("Lunar Trick");
    expect(save.EpochTime).toBeGreaterThan(0);
    expect(save.Date).toMatch(/^\d{1,2}\/\d{1,2}\/\d{4} \d{1,2}:\d{2}:\d{2} [AP]M$/);
    expect(fs.existsSync(path.join(tts, "Saves", "syzygy-lunar-trick.png"))).toBe(true);

    const hosted = await capture(() => main(["tts", "lunar-trick", "--data", DATA, "--out", out, "--install", "--tts-dir", tts, "--base-url", "https://example.org/out"]));
    expect(hosted.code).toBe(0);
    expect(hosted.out).not.toContain("its images are files");
    expect(fs.readFileSync(saved, "utf8")).toContain("https://example.org/out/lunar-trick/tts/images/");

    const usage = await capture(() => main(["tts", "lunar-trick", "--data", DATA, "--out", out, "--tts-dir", tts]));
    expect(usage.code).toBe(2);
    expect(usage.err).toMatch(/--tts-dir only applies with --install/);
    const missing = await capture(() => main(["tts", "lunar-trick", "--data", DATA, "--out", out, "--install", "--tts-dir", path.join(tts, "absent")]));
    expect(missing.code).toBe(1);
    expect(missing.err).toMatch(/syzygy tts --install: --tts-dir .*absent does not exist/);
  }, 60_000);
});
