/**
 * No stale output (issue 37, item 5). `syzygy tts` after a sheet edit with no build between
 * refuses, naming the faces whose PNG is older than the data (else it would pack the old
 * picture under the new text); a build removes the print PDFs of options it did not build when they were
 * made from other data (another paper, fold, ink saver) and a TTS save it did not make; `watch`
 * (no removal) has the gallery mark them stale; the gallery's page numbers are the PDF's.
 * `syzygy pod` renders from the data itself, so an edit is in its export without a build.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { run } from "./cli-support";
import { harbourWorkbook, pdfPages } from "./multi-deck-support";
import { loadGame } from "../src/model/load";
import { buildGames } from "../src/pipeline/incremental";
import { renderGameFrom } from "../src/render/source";
import { TemplateSet } from "../src/render/face";

/** A new two-deck game from the harbour workbook, built with `args`. */
async function harbour(...args: string[]): Promise<{ data: string; out: string; book: string; game: string }> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "syzygy-stale-"));
  const data = path.join(root, "data");
  const out = path.join(root, "out");
  const given = path.join(root, "harbour.xlsx");
  fs.writeFileSync(given, await harbourWorkbook());
  const made = await run("new", "harbour", "--from-csv", given, "--data", data);
  expect(made.code, made.err).toBe(0);
  const built = await run("build", "harbour", "--data", data, "--out", out, ...args);
  expect(built.code, built.err).toBe(0);
  return { data, out, book: path.join(data, "harbour", "harbour.xlsx"), game: path.join(out, "harbour") };
}

/** Ship 3's rules text is edited in the sheet. */
async function editShip3(book: string): Promise<void> {
  fs.writeFileSync(book, await harbourWorkbook((i) => (i === 3 ? "Row home in a storm." : `Sail ${i} leagues.`)));
}

const print = (game: string) => fs.readdirSync(path.join(game, "print")).sort();
const galleryLinks = (game: string) => [...fs.readFileSync(path.join(game, "index.html"), "utf8").matchAll(/<a href="(print\/[^"]+\.pdf)">/g)].map((m) => m[1]).sort();

describe("syzygy tts after a sheet edit with no build between", () => {
  it("refuses, naming the face whose picture is older than the data, and writes nothing; after a build it makes the save", async () => {
    const h = await harbour("--paper", "a4");
    const saveFile = path.join(h.game, "tts", "harbour.json");
    const before = fs.readFileSync(saveFile, "utf8");
    await editShip3(h.book);
    const r = await run("tts", "harbour", "--data", h.data, "--out", h.out);
    expect(r.code).toBe(1);
    expect(r.err).toContain("harbour: 1 card picture is older than the data (ships/ship-3)");
    expect(r.err).toContain("run `syzygy build harbour`");
    expect(fs.readFileSync(saveFile, "utf8")).toBe(before);
    // syzygy pod draws its pictures from the data, not from the build's PNGs: the edit is in its export at once.
    const pod = await run("pod", "harbour", "--service", "dtc", "--data", h.data, "--out", h.out);
    expect(pod.code, pod.err).toBe(0);
    expect(pdfPages(path.join(h.game, "pod", "dtc", "harbour-ships.pdf")).join("\n")).toContain("Row home in a storm.");
    // Built again, the save carries the new text and a new picture of that card.
    expect((await run("build", "harbour", "--data", h.data, "--out", h.out, "--paper", "a4")).code).toBe(0);
    expect((await run("tts", "harbour", "--data", h.data, "--out", h.out)).code).toBe(0);
    const save = JSON.parse(fs.readFileSync(saveFile, "utf8"));
    const ships = save.ObjectStates.find((o: { Nickname: string }) => o.Nickname === "Ships");
    expect(ships.ContainedObjects.find((c: { Nickname: string }) => c.Nickname === "Ship 3").Description).toContain("Row home in a storm.");
    expect(JSON.stringify(Object.values(ships.CustomDeck).map((d) => (d as { FaceURL: string }).FaceURL))).not.toBe(
      JSON.stringify(Object.values(JSON.parse(before).ObjectStates.find((o: { Nickname: string }) => o.Nickname === "Ships").CustomDeck).map((d) => (d as { FaceURL: string }).FaceURL)),
    );
  }, 120_000);
});

describe("outputs of options not built this time", () => {
  it("an A4-only build after an edit removes the Letter PDF (the same data keeps it); --no-tts removes the old save", async () => {
    const h = await harbour();
    expect(print(h.game)).toEqual(["harbour-a4.pdf", "harbour-alignment-test-a4.pdf", "harbour-alignment-test-letter.pdf", "harbour-letter.pdf"]);
    // Nothing changed: the Letter PDF is still the game's, and stays.
    expect((await run("build", "harbour", "--data", h.data, "--out", h.out, "--paper", "a4")).code).toBe(0);
    expect(print(h.game)).toContain("harbour-letter.pdf");
    await editShip3(h.book);
    const r = await run("build", "harbour", "--data", h.data, "--out", h.out, "--paper", "a4", "--no-tts");
    expect(r.code, r.err).toBe(0);
    expect(print(h.game)).toEqual(["harbour-a4.pdf", "harbour-alignment-test-a4.pdf"]);
    expect(fs.existsSync(path.join(h.game, "tts"))).toBe(false);
    expect(galleryLinks(h.game)).toEqual(["print/harbour-a4.pdf", "print/harbour-alignment-test-a4.pdf"]);
  }, 120_000);

  it("old fold and ink-saver PDFs: removed by a build after an edit, not linked from its gallery; watch's gallery marks them stale", async () => {
    const h = await harbour("--paper", "a4", "--layout", "fold", "--ink-saver", "--no-tts");
    expect(print(h.game)).toContain("harbour-a4-fold-ink-saver.pdf");
    await editShip3(h.book);
    // watch builds without removing: the old PDF stays on disk, and its gallery says it is stale.
    const model = loadGame(h.data, "harbour");
    await buildGames([{ game: renderGameFrom(model), templates: new TemplateSet(model.paths.templatesDir) }], { outDir: h.out, png: false, papers: [], galleryPapers: ["a4"] });
    const html = fs.readFileSync(path.join(h.game, "index.html"), "utf8");
    expect(html).toMatch(/<s class="stale"[^>]*><a href="print\/harbour-a4-fold-ink-saver\.pdf">[^<]*<\/a><\/s> \(stale\)/);
    // A build removes it.
    expect((await run("build", "harbour", "--data", h.data, "--out", h.out, "--paper", "a4", "--no-tts")).code).toBe(0);
    expect(print(h.game)).toEqual(["harbour-a4.pdf", "harbour-alignment-test-a4.pdf"]);
    expect(galleryLinks(h.game)).toEqual(["print/harbour-a4.pdf", "print/harbour-alignment-test-a4.pdf"]);
    expect(fs.readFileSync(path.join(h.game, "index.html"), "utf8")).not.toContain("stale");
  }, 120_000);
});

describe("gallery page numbers", () => {
  it("are the PDF's: the page the gallery numbers N is page N of the PDF, with the same label", async () => {
    const h = await harbour("--paper", "a4", "--no-tts");
    const html = fs.readFileSync(path.join(h.game, "index.html"), "utf8");
    const listed = [...html.matchAll(/data-page="(\d+)"[^]*?<span><b>(\d+)<\/b> [^<]*? · ([^<]+)<\/span>/g)].map((m) => ({ n: Number(m[1]), shown: Number(m[2]), label: m[3] }));
    const pages = pdfPages(path.join(h.game, "print", "harbour-a4.pdf"));
    expect(listed.length).toBe(pages.length - 2); // the contents page and its blank back are not pictured
    for (const l of listed) {
      expect(l.shown).toBe(l.n);
      expect(pages[l.n - 1], `gallery page ${l.n}`).toContain(`— ${l.label} — page ${l.n}/${pages.length}`);
    }
  }, 120_000);
});
