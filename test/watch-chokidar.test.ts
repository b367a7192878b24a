/**
 * The watcher never goes stale (issues 17 and 18): a game folder deleted and recreated, a folder
 * created while watching, an editor's atomic save (temporary file renamed over the original),
 * a game's template, an icon, an art file and a font file edited are all seen and rebuild the right
 * game (and, for icons and art, exactly the faces that use them). Each step awaits the
 * watcher's own rebuild callback; nothing sleeps for a fixed time.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { copyFileSync, cpSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { Watcher, isEditorLitter } from "../src/pipeline/watch";
import { DATA, TEMPLATES, tempDir } from "./render-support";

/** A 1×1 white PNG. */
const PNG_1X1 = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4//8/AAX+Av4N70a4AAAAAElFTkSuQmCC";

type Event = { kind: "rebuilt" | "failed"; games: string[]; message?: string };

describe("watcher over changing folders", () => {
  const dir = tempDir("watch-chokidar");
  const data = join(dir, "data");
  const templates = join(dir, "templates");
  const out = join(dir, "out");
  const lines: string[] = [];
  const events: Event[] = [];
  let waiting: (() => void) | undefined;
  let watcher: Watcher;

  const push = (e: Event): void => {
    events.push(e);
    waiting?.();
  };

  /** Resolves with the first event from now on that `match` accepts (events before `from` are old). */
  async function until(match: (e: Event) => boolean, from = events.length): Promise<Event> {
    for (;;) {
      const found = events.slice(from).find(match);
      if (found !== undefined) return found;
      await new Promise<void>((wake) => (waiting = wake));
    }
  }

  const rebuilt = (game: string) => (e: Event) => e.kind === "rebuilt" && e.games.includes(game);
  const gallery = (game: string): string => readFileSync(join(out, game, "index.html"), "utf8");

  /** The text of `file` with `from` replaced (which must be there: the shipped data may change). */
  function edited(file: string, from: string, to: string): string {
    const text = readFileSync(file, "utf8");
    expect(text).toContain(from);
    return text.replace(from, to);
  }

  /** Writes `text` as editors do: a temporary file next to it, renamed over the original. */
  function atomicSave(file: string, text: string | Buffer): void {
    const temp = `${file}.tmp`;
    writeFileSync(temp, text);
    renameSync(temp, file);
  }

  beforeAll(async () => {
    cpSync(join(DATA, "lunar-trick"), join(data, "lunar-trick"), { recursive: true });
    cpSync(join(DATA, "eclipsed"), join(data, "eclipsed"), { recursive: true });
    cpSync(TEMPLATES, templates, { recursive: true });
    watcher = new Watcher({
      dataDir: data,
      templatesDir: templates,
      outDir: out,
      games: ["lunar-trick", "eclipsed"],
      papers: [],
      png: false,
      debounceMs: 80,
      log: (l) => lines.push(l),
      onRebuilt: (games) => push({ kind: "rebuilt", games }),
      onFailed: (games, message) => push({ kind: "failed", games, message }),
    });
    await watcher.start();
  }, 120_000);

  afterAll(() => watcher.close());

  it("an atomic save (write a temporary file, rename it over the deck) rebuilds the game", async () => {
    const deck = join(data, "lunar-trick", "deck.yaml");
    const from = events.length;
    atomicSave(deck, edited(deck, 'name: "Rising Moon 2"', 'name: "Rising Moon Atomic"'));
    const e = await until(rebuilt("lunar-trick"), from);
    expect(e.games).toEqual(["lunar-trick"]);
    expect(gallery("lunar-trick")).toContain("Rising Moon Atomic");
  }, 60_000);

  it("a game folder deleted and recreated: the deletion is reported and later edits are seen", async () => {
    const game = join(data, "lunar-trick");
    let from = events.length;
    rmSync(game, { recursive: true });
    const gone = await until((e) => e.kind === "failed" && e.games.includes("lunar-trick"), from);
    expect(gone.message).toMatch(/lunar-trick/);
    expect(gallery("lunar-trick")).toContain("Rising Moon Atomic"); // the last good output stays

    from = events.length;
    cpSync(join(DATA, "lunar-trick"), game, { recursive: true });
    await until(rebuilt("lunar-trick"), from);
    expect(gallery("lunar-trick")).toContain("Rising Moon 2");

    // the edit the old fs.watch loop never saw: inside the recreated folder
    from = events.length;
    const deck = join(game, "deck.yaml");
    writeFileSync(deck, edited(deck, 'name: "Rising Moon 2"', 'name: "Rising Moon Again"'));
    await until(rebuilt("lunar-trick"), from);
    expect(gallery("lunar-trick")).toContain("Rising Moon Again");
  }, 90_000);

  it("a folder created while watching is watched: an art file written into it is seen", async () => {
    // the deck names art in a folder that does not exist yet: a located error, no rebuild
    const deck = join(data, "eclipsed", "deck.yaml");
    let from = events.length;
    writeFileSync(deck, edited(deck, 'name: "Solar Traveler"', 'name: "Solar Traveler"\n    image: "art/pic.png"'));
    const missing = await until((e) => e.kind === "failed" && e.games.includes("eclipsed"), from);
    expect(missing.message).toMatch(/deck\.yaml:\d+:\d+/);
    // one new folder (one event, one failed rebuild), then the file inside it
    from = events.length;
    mkdirSync(join(data, "eclipsed", "art"));
    await until((e) => e.games.includes("eclipsed"), from);
    from = events.length;
    writeFileSync(join(data, "eclipsed", "art", "pic.png"), Buffer.from(PNG_1X1, "base64"));
    const e = await until((x) => x.games.includes("eclipsed"), from);
    expect(e).toEqual({ kind: "rebuilt", games: ["eclipsed"] });
  }, 60_000);

  it("a game's template rebuilds only that game; an atomic save of it too", async () => {
    const template = join(templates, "eclipsed", "card.svg.hbs");
    const from = events.length;
    // An element: a comment is dropped with the rest of what is not drawn (src/model/svg-document.ts), so it changes no face.
    atomicSave(template, readFileSync(template, "utf8") + '\n<g id="edited"/>\n');
    const e = await until((x) => x.kind === "rebuilt", from);
    expect(e.games).toEqual(["eclipsed"]);
    expect(lines.join("\n")).toMatch(/eclipsed: \d+ faces? changed/);
  }, 60_000);

  /** The number of faces the watcher's log says changed in `game` since log line `from`. */
  function facesChanged(game: string, from: number): number {
    const m = lines.slice(from).join("\n").match(new RegExp(`${game}: (\\d+) faces? changed`));
    return m ? Number(m[1]) : 0;
  }

  it("an icon file saved atomically rebuilds exactly the faces that draw it", async () => {
    const icon = join(data, "lunar-trick", "icons", "falling.svg");
    const [from, fromLine] = [events.length, lines.length];
    atomicSave(icon, readFileSync(icon, "utf8").replace("</svg>", '<circle r="0.1" fill="currentColor"/></svg>'));
    const e = await until(rebuilt("lunar-trick"), from);
    expect(e.games).toEqual(["lunar-trick"]);
    // The falling-moon cards draw it, the rising-moon ones do not.
    const n = facesChanged("lunar-trick", fromLine);
    expect(n).toBeGreaterThan(0);
    expect(n).toBeLessThan(41);
  }, 60_000);

  it("an art file replaced rebuilds the faces that show it (the card back of the moon cards and dividers)", async () => {
    const art = join(data, "lunar-trick", "images", "moon-emblem.svg");
    const [from, fromLine] = [events.length, lines.length];
    writeFileSync(art, readFileSync(art, "utf8").replace("</svg>", '<circle cx="50" cy="50" r="3" fill="#ff0000"/></svg>'));
    await until(rebuilt("lunar-trick"), from);
    expect(facesChanged("lunar-trick", fromLine)).toBe(2);
  }, 60_000);

  it("a font file added (and declared), then replaced, rebuilds the game that declares it", async () => {
    const dejavu = join(dirname(createRequire(import.meta.url).resolve("dejavu-fonts-ttf/ttf/DejaVuSerif.ttf")));
    const fonts = join(data, "eclipsed", "fonts");
    mkdirSync(fonts, { recursive: true });
    copyFileSync(join(dejavu, "DejaVuSerif.ttf"), join(fonts, "Own.ttf"));
    let from = events.length;
    const game = join(data, "eclipsed", "game.yaml");
    atomicSave(game, readFileSync(game, "utf8") + "\nfonts:\n  - { family: DejaVu Serif, file: Own.ttf }\n");
    await until(rebuilt("eclipsed"), from);
    // Another cut under the same name: the file's bytes, not its name, are the input. (Which faces
    // it re-renders is test/fonts.test.ts's business: no shipped template uses it.)
    from = events.length;
    atomicSave(join(fonts, "Own.ttf"), readFileSync(join(dejavu, "DejaVuSerifCondensed.ttf")));
    const e = await until((x) => x.games.includes("eclipsed"), from);
    expect(e).toEqual({ kind: "rebuilt", games: ["eclipsed"] });
  }, 60_000);

  it("editor litter (swap, backup, lock files) is not an input", () => {
    for (const name of [".deck.yaml.swp", "deck.yaml~", "4913", ".#deck.yaml", "#deck.yaml#", "deck.yaml.tmp"]) expect(isEditorLitter(name)).toBe(true);
    for (const name of ["deck.yaml", "back.svg.hbs", "cards.csv", "art.png"]) expect(isEditorLitter(name)).toBe(false);
  });
});
