/**
 * Issue 37, done when: a designer's sheet, as Google Sheets downloads it, goes through
 * `syzygy new --from-csv` and `syzygy build` with no other edit and prints right the first time.
 *
 * test/fixtures/harbour-lights.csv: a 60-card set-collection game (48 Ships + 12 Lighthouses),
 * headings "Card Name, Qty, Colour, Value, Cargo, Rules Text, Flavour, Notes for me", CRLF rows,
 * curly quotes, an em dash, quoted commas and line breaks, `{fish}` icon tokens, `[2]` as text.
 * Checked from the outputs as a player and a printer see them: the PDF's text (pdftotext, not the
 * template), the TTS save, the gallery, and an update pack's changelog.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parse as parseCsv } from "csv-parse/sync";
import { beforeAll, describe, expect, it } from "vitest";
import { run } from "./cli-support";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Obj = any;

const FIXTURE = path.join(import.meta.dirname, "fixtures", "harbour-lights.csv");
/** The sheet as an independent reader sees it: heading → cell, per row. */
interface Row {
  "Card Name": string;
  Qty: number;
  "Rules Text": string;
  Flavour: string;
  "Notes for me": string;
}
const ROWS: Row[] = (parseCsv(fs.readFileSync(FIXTURE, "utf8"), { columns: true }) as Record<string, string>[]).map((r) => ({
  "Card Name": r["Card Name"],
  Qty: Number(r.Qty),
  "Rules Text": r["Rules Text"],
  Flavour: r.Flavour,
  "Notes for me": r["Notes for me"],
}));
const PRIVATE = ROWS.map((r) => r["Notes for me"]).filter((n) => n !== "");

/** Printed text compared as a reader does: icon tokens gone (they are drawn), spaces collapsed, none before punctuation. */
const readable = (s: string) =>
  s
    .replace(/[{[][a-z][a-z0-9-]*[}\]]/g, " ")
    .replace(/\s+/g, " ")
    .replace(/ ([.,])/g, "$1")
    .trim();

const git = (cwd: string, ...args: string[]) => execFileSync("git", ["-c", "user.email=t@example.com", "-c", "user.name=t", ...args], { cwd, encoding: "utf8" });

function allObjects(list: Obj[]): Obj[] {
  return list.flatMap((o) => [o, ...allObjects(o.ContainedObjects ?? [])]);
}

/** Every file under `dir`, recursively. */
function files(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? files(path.join(dir, e.name)) : [path.join(dir, e.name)]));
}

describe("a Google Sheets CSV of a game never seen builds right the first time (issue 37)", () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "syzygy-designer-"));
  const data = path.join(root, "data");
  const out = path.join(root, "out");
  let made: { code: number; out: string; err: string };
  let built: { code: number; out: string; err: string };
  let pdfText: string;

  beforeAll(async () => {
    expect(ROWS.reduce((n, r) => n + r.Qty, 0)).toBe(60);
    const csv = path.join(root, "harbour-lights.csv");
    fs.copyFileSync(FIXTURE, csv);
    made = await run("new", "harbour", "--from-csv", csv, "--data", data);
    built = await run("build", "harbour", "--data", data, "--out", out, "--paper", "a4");
    pdfText = execFileSync("pdftotext", ["-raw", path.join(out, "harbour", "print", "harbour-a4.pdf"), "-"], { encoding: "utf8" });
  }, 180_000);

  it("new prints the column map: which column feeds which part, which are not printed, the private one", () => {
    expect(made.code, made.err).toBe(0);
    for (const line of [
      /A "Card Name" +→ name +the card's name/,
      /B "Qty" +→ copies +how many of the card are printed/,
      /C "Colour" +→ colour +not printed \(a template may use item\.colour\)/,
      /D "Value" +→ value +not printed/,
      /E "Cargo" +→ cargo +not printed/,
      /F "Rules Text" +→ text +rules box/,
      /G "Flavour" +→ flavor +flavour text/,
      /H "Notes for me" +private +never read/,
    ]) {
      expect(made.out).toMatch(line);
    }
    expect(made.out).toContain("4 placeholder icons for the sheet's icon tokens (fish salt spice wool)");
    const template = fs.readFileSync(path.join(root, "templates", "harbour", "card.svg.hbs"), "utf8");
    // The fields it does not print are listed for the designer, inside the comment only.
    const printed = template.replace(/\{\{!--[\s\S]*?--\}\}/, "");
    expect(template).toContain("item.cargo  (column \"Cargo\")");
    expect(printed).not.toMatch(/item\.(colour|value|cargo)\b/);
    expect(template).not.toMatch(/notes/i);
  });

  it("builds without a warning, and validate --columns prints the same map", async () => {
    expect(built.code, built.err).toBe(0);
    expect(built.err).not.toContain("warning");
    const v = await run("validate", "harbour", "--data", data, "--columns", "--no-render");
    expect(v.code, v.err).toBe(0);
    expect(v.out).toMatch(/harbour: column map of .*harbour-lights\.csv, row 1:\n {4}A "Card Name" +→ name/);
    expect(v.out).toMatch(/F "Rules Text" +→ text +rules box/);
    expect(v.out).toContain("ok harbour: 1 components, 60 pieces, 20 deck cards");
  });

  it("prints 60 pieces, each with its name, its rules text and its flavour, read back from the PDF", () => {
    // The card fronts' pages (not the contents, not the backs); each card is one run of text ending with its footer.
    const fronts = pdfText.split("\f").filter((page) => /— Cards — page \d+\/\d+/.test(page));
    const cards = fronts
      .flatMap((page) => page.replace(/^.*— Cards — page.*$/m, "").split("Harbour 0.1"))
      .map(readable)
      .filter((c) => c !== "");
    expect(cards).toHaveLength(60);
    for (const row of ROWS) {
      const mine = cards.filter((c) => c.startsWith(`${row["Card Name"]} `));
      expect(mine, row["Card Name"]).toHaveLength(row.Qty);
      for (const c of mine) {
        expect(c).toContain(readable(row["Rules Text"]));
        expect(c).toContain(readable(row.Flavour));
      }
    }
    // The em dash, curly quotes and "[2]" (plain text, no icon) print as typed; no token is left as text.
    expect(readable(pdfText)).toContain("— the largest ship");
    expect(readable(pdfText)).toContain("“She’ll turn on a coin.”");
    expect(readable(pdfText)).toContain("Discard [2] cards");
    expect(pdfText).not.toMatch(/\{[a-z]+\}/);
  });

  it("makes an icon per token (a placeholder file each) and prints a card face per row", () => {
    expect(fs.readdirSync(path.join(data, "harbour", "icons")).sort()).toEqual(["fish.svg", "salt.svg", "spice.svg", "wool.svg"]);
    const faces = fs.readdirSync(path.join(out, "harbour", "cards", "cards")).filter((f) => f.endsWith(".png") && f !== "back.png");
    expect(faces).toHaveLength(20);
    // The gallery's captions read an icon by its name; "[2]" names no icon and stays as typed.
    const gallery = fs.readFileSync(path.join(out, "harbour", "index.html"), "utf8");
    expect(gallery).toContain("Carries 1 fish. Score it when it reaches a lighthouse.");
    expect(gallery).toContain("Discard [2] cards to play it.");
  });

  it("the TTS save holds the 60 cards, named and described, with no private note", () => {
    const save = JSON.parse(fs.readFileSync(path.join(out, "harbour", "tts", "harbour.json"), "utf8"));
    const cards = allObjects(save.ObjectStates).filter((o) => o.Name === "Card" || o.Name === "CardCustom");
    expect(cards).toHaveLength(60);
    expect(cards.filter((c) => c.Nickname === "North Light")).toHaveLength(3);
    expect(cards.find((c) => c.Nickname === "Red Brig").Description).toContain("When played, draw 2, keep 1.");
    // A tooltip reads an icon by its name; "[2]" names no icon and stays as typed.
    expect(cards.find((c) => c.Nickname === "Red Cutter").Description).toBe("Carries 1 fish. Score it when it reaches a lighthouse.");
    expect(cards.find((c) => c.Nickname === "Red Galleon").Description).toBe("Carries 4 fish — the largest ship. Discard [2] cards to play it.");
  });

  it("no private note anywhere: PDFs, gallery (captions, alt text, search), TTS save, PNG metadata, the update pack's changelog", async () => {
    expect(PRIVATE.length).toBeGreaterThan(0);
    const outputs = files(path.join(out, "harbour"));
    for (const f of outputs) {
      const text = f.endsWith(".pdf") ? execFileSync("pdftotext", [f, "-"], { encoding: "utf8" }) : fs.readFileSync(f, "latin1") + fs.readFileSync(f, "utf8");
      for (const note of PRIVATE) expect(text, f).not.toContain(note);
      expect(text, f).not.toContain("Notes for me");
    }
    expect(outputs.some((f) => f.endsWith("index.html"))).toBe(true);
    // A new round: a note and a rules text edited, the version raised; the pack's changelog.
    git(root, "init", "-q");
    git(root, "add", "-A", "data", "templates");
    git(root, "commit", "-qm", "round 1");
    const deck = path.join(data, "harbour", "harbour-lights.csv");
    fs.writeFileSync(deck, fs.readFileSync(deck, "utf8").replace("PRIVATE-NOTE too strong?", "PRIVATE-NOTE way too strong now").replace("Score it when it reaches a lighthouse.", "Score it at any lighthouse."));
    const yaml = path.join(data, "harbour", "game.yaml");
    fs.writeFileSync(yaml, fs.readFileSync(yaml, "utf8").replace('version: "0.1"', 'version: "0.2"'));
    const pack = await run("build", "harbour", "--data", data, "--out", path.join(root, "out-2"), "--paper", "a4", "--no-tts", "--no-png", "--changed-since", "HEAD");
    expect(pack.code, pack.err).toBe(0);
    expect(pack.out).toContain("harbour: since HEAD: 1 changed, 0 added, 0 removed");
    const log = execFileSync("pdftotext", [path.join(root, "out-2", "harbour", "update", "harbour-since-HEAD-a4.pdf"), "-"], { encoding: "utf8" });
    expect(log).toContain("Score it at any lighthouse.");
    expect(log).not.toContain("PRIVATE-NOTE");
  }, 120_000);
});
