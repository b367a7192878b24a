/**
 * Bad data gives located, actionable messages and exit code 1 — every problem, not just the first.
 * Each case edits a temp copy of data/ and runs `syzygy validate --data <copy>` in-process.
 */
import { describe, expect, it } from "vitest";
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { GAMES, REPO, runCli, tempData, type TempData } from "./helpers";

interface Case {
  name: string;
  edit: (t: TempData) => void;
  /** Exact lines expected on stderr (each must appear). */
  expect: (t: TempData) => string[];
}

const LT_DECK = "lunar-trick/deck.yaml";
const LT_GAME = "lunar-trick/game.yaml";
const SE_GAME = "solar-eclipse/game.yaml";

const ALIAS_BOMB = [
  "a: &a [x, x, x, x, x, x, x, x, x, x]",
  "b: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a, *a]",
  "c: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b, *b]",
  "d: &d [*c, *c, *c, *c, *c, *c, *c, *c, *c, *c]",
  "e: [*d, *d, *d, *d, *d, *d, *d, *d, *d, *d]",
  "",
].join("\n");

const CASES: Case[] = [
  {
    name: "YAML syntax error",
    edit: (t) => t.replace(LT_DECK, 'name: "Rising Moon 3"', "name: [Rising Moon 3"),
    // yaml notices the unclosed [ on the next line.
    expect: (t) => [`${t.loc(LT_DECK, "number: 3")}: YAML syntax error (BAD_INDENT): Flow sequence in block collection must be sufficiently indented and end with a ]`],
  },
  {
    name: "wrong type (integer range)",
    edit: (t) => t.replace(LT_DECK, "number: 4\n", 'number: "x"\n'),
    expect: (t) => [`${t.loc(LT_DECK, '"x"')}: cards[3].number: expected an integer 1..30, got "x"`],
  },
  {
    name: "out of range",
    edit: (t) => t.replace("solar-eclipse/deck.yaml", "rank: 21\n", "rank: 22\n"),
    expect: (t) => [`${t.loc("solar-eclipse/deck.yaml", "rank: 22", 6)}: cards[20].rank: expected an integer 1..21, got 22`],
  },
  {
    name: "enum value with did-you-mean",
    edit: (t) => t.replace("solar-eclipse/deck.yaml", 'suit: "moon"', 'suit: "mon"'),
    expect: (t) => [`${t.loc("solar-eclipse/deck.yaml", '"mon"')}: cards[21].suit: expected one of "sun", "moon", got "mon" (did you mean "moon"?)`],
  },
  {
    name: "unknown key with did-you-mean (strict schema)",
    edit: (t) => t.replace(LT_GAME, "    styleBy: side", "    stylBy: side"),
    expect: (t) => [`${t.loc(LT_GAME, "stylBy")}: components[0].stylBy: unknown key "stylBy" (did you mean "styleBy"?)`],
  },
  {
    name: "misspelt required key: unknown key and missing key",
    edit: (t) => t.replace(LT_GAME, "    name: Moon Cards", "    nmae: Moon Cards"),
    expect: (t) => [
      `${t.loc(LT_GAME, "nmae")}: components[0].nmae: unknown key "nmae" (did you mean "name"?)`,
      `${t.loc(LT_GAME, "id: moon-cards")}: components[0]: missing required key "name"`,
    ],
  },
  {
    name: "unknown key in a deck card prefers the key that starts alike",
    edit: (t) => t.replace(LT_DECK, '    side: "rising"\n    index: "5"', '    sid: "rising"\n    index: "5"'),
    expect: (t) => [`${t.loc(LT_DECK, "sid:")}: cards[4].sid: unknown key "sid" (did you mean "side"?)`],
  },
  {
    name: "bad mapping key (colour role templates cannot read)",
    edit: (t) => t.replace(LT_GAME, "backDetail: moonlight }", "back-detail: moonlight }"),
    expect: (t) => [
      `${t.loc(LT_GAME, "back-detail")}: components[0].colours.back-detail: bad key: expected a name like "accent" or "backDetail" (letters and digits, no hyphens, so templates can read it), got "back-detail"`,
    ],
  },
  {
    name: "duplicate id",
    edit: (t) => t.replace(LT_DECK, 'id: "rising-2"', 'id: "rising-1"'),
    expect: (t) => {
      const lines = t.read(LT_DECK).split("\n");
      const second = lines.findIndex((l, i) => i > 10 && l.includes('id: "rising-1"'));
      return [`${t.path(LT_DECK)}:${second + 1}:9: cards[1].id: duplicate id "rising-1" (first used at ${t.loc(LT_DECK, '"rising-1"')}); ids must be unique`];
    },
  },
  {
    name: "wrong count",
    edit: (t) => t.replace(LT_GAME, "count: 32", "count: 31"),
    expect: (t) => [
      `${t.loc(LT_GAME, "31")}: components[0].count: count is 31 but the component has 32 pieces (one per card in deck.yaml); fix the count or the items`,
    ],
  },
  {
    name: "wrong count with copies and sets",
    edit: (t) => t.replace(SE_GAME, "count: 18", "count: 17"),
    expect: (t) => [
      `${t.loc(SE_GAME, "count: 17", 7)}: components[1].count: count is 17 but the component has 18 pieces (items × copies × 3 sets); fix the count or the items`,
    ],
  },
  {
    name: "asset path escaping the data folder",
    edit: (t) => t.replace(LT_GAME, "        copies: 8\n", "        copies: 8\n        image: ../../outside.png\n"),
    expect: (t) => [
      `${t.loc(LT_GAME, "../../outside.png")}: components[1].items[0].image: asset path "../../outside.png" leads outside the data folder; use a path inside data/ (no "..", no absolute paths)`,
    ],
  },
  {
    name: "absolute asset path",
    edit: (t) => t.replace(LT_GAME, "        copies: 8\n", "        copies: 8\n        image: /etc/passwd\n"),
    expect: (t) => [`${t.loc(LT_GAME, "/etc/passwd")}: components[1].items[0].image: asset path "/etc/passwd" leads outside the data folder; use a path inside data/ (no "..", no absolute paths)`],
  },
  {
    name: "missing asset inside the data folder",
    edit: (t) => t.replace(LT_GAME, "        copies: 8\n", "        copies: 8\n        image: art/divider.png\n"),
    expect: (t) => [`${t.loc(LT_GAME, "art/divider.png")}: components[1].items[0].image: asset "art/divider.png" not found (looked for ${t.path("lunar-trick/art/divider.png")})`],
  },
  {
    name: "alias bomb",
    edit: (t) => t.write("solar-eclipse/reference.yaml", ALIAS_BOMB),
    expect: (t) => [
      `${t.loc("solar-eclipse/reference.yaml", "*a")}: too many YAML alias expansions (limit 100): nested anchors/aliases like this can blow up memory; write the values out instead`,
    ],
  },
  {
    name: "duplicate key",
    edit: (t) => t.replace(LT_DECK, "    number: 7\n", '    number: 7\n    name: "Again"\n'),
    expect: (t) => [`${t.loc(LT_DECK, 'name: "Again"')}: duplicate key "name": each key may appear once in a mapping; remove or rename one`],
  },
  {
    name: "missing template with did-you-mean",
    edit: (t) => t.replace(LT_GAME, "face: moon-card,", "face: moon-crad,"),
    expect: (t) => [
      `${t.loc(LT_GAME, "moon-crad")}: components[0].templates.face: template "moon-crad" not found: expected file ${join(t.templates, "lunar-trick", "moon-crad.svg.hbs")} (did you mean "moon-card"?)`,
    ],
  },
  {
    name: "unknown palette colour",
    edit: (t) => t.replace(LT_GAME, "colours: { background: moonlight, text: ink, accent: muted", "colours: { background: moonlite, text: ink, accent: muted"),
    expect: (t) => [`${t.loc(LT_GAME, "moonlite")}: components[1].colours.background: unknown colour "moonlite" (did you mean "moonlight"?)`],
  },
  {
    name: "unknown style",
    edit: (t) => t.replace(LT_DECK, 'style: "lunar-eclipse"', 'style: "lunar-eclips"'),
    expect: (t) => [`${t.loc(LT_DECK, '"lunar-eclips"')}: cards[30].style: unknown style "lunar-eclips" (did you mean "lunar-eclipse"?)`],
  },
  {
    name: "unknown style through styleBy",
    edit: (t) => t.replace("eclipsed/game.yaml", "  stasis:\n    name: Stasis", "  stasys:\n    name: Stasis"),
    expect: (t) => [`${t.loc("eclipsed/deck.yaml", 'suit: "stasis"', 6)}: cards[39].suit: unknown style "stasis" (did you mean "stasys"?)`],
  },
  {
    name: "rules reference that does not resolve (SE-1 bid values)",
    edit: (t) => t.replace(SE_GAME, "twoPlayer: { rules: /bids/0/cards/5 }", "twoPlayer: { rules: /bids/0/cards/6 }"),
    expect: (t) => [
      `${t.loc(SE_GAME, "/bids/0/cards/6")}: components[1].items[5].fields.twoPlayer.rules: rules reference "/bids/0/cards/6" does not resolve in ${t.path("solar-eclipse/rules.yaml")}: "/bids/0/cards" is a list of 6; no item "6"`,
    ],
  },
  {
    name: "reference table column without values",
    edit: (t) => t.replace("lunar-trick/reference.yaml", "{ header: Points, key: points }", "{ header: Points, key: pionts }"),
    expect: (t) => [
      `${t.loc("lunar-trick/reference.yaml", "pionts")}: pages[0].sections[6].table.columns[1].key: row 0 of /scoring has no printable value at "pionts"`,
    ],
  },
  {
    name: "game id must match its folder",
    edit: (t) => t.replace(LT_GAME, "id: lunar-trick", "id: lunar-tricks"),
    expect: (t) => [`${t.loc(LT_GAME, "lunar-tricks")}: id: game id "lunar-tricks" must match its folder name "lunar-trick"`],
  },
  {
    name: "two YAML documents in one file",
    edit: (t) => t.write("lunar-trick/reference.yaml", t.read("lunar-trick/reference.yaml") + "---\npages: []\n"),
    expect: (t) => [`${t.loc("lunar-trick/reference.yaml", "---")}: a data file holds exactly one YAML document; remove the \`---\` separator`],
  },
  {
    name: "empty file",
    edit: (t) => t.write("eclipsed/reference.yaml", "# nothing yet\n"),
    expect: (t) => [`${t.path("eclipsed/reference.yaml")}:1:1: the file is empty (or only comments); expected a mapping`],
  },
  {
    name: "moon card on the wrong side",
    edit: (t) => t.replace(LT_DECK, 'number: 16\n    side: "falling"', 'number: 16\n    side: "rising"'),
    expect: (t) => {
      const lines = t.read(LT_DECK).split("\n");
      const i = lines.findIndex((l) => l.includes("number: 16"));
      return [`${t.path(LT_DECK)}:${i + 2}:11: cards[15].side: number 16 is on the falling side (rising 1..15, falling 16..30), got "rising"`];
    },
  },
];

describe("syzygy validate: bad inputs give located messages and exit 1", () => {
  for (const c of CASES) {
    it(c.name, async () => {
      const t = tempData();
      c.edit(t);
      const r = await runCli(["validate", "--data", t.data]);
      expect(r.code).toBe(1);
      const lines = r.stderr.trimEnd().split("\n");
      for (const want of c.expect(t)) expect(lines).toContain(want);
      expect(lines[lines.length - 1]).toMatch(/^\d+ problems? in \d+ files?$/);
      expect(r.stderr).not.toMatch(/\n\s+at /); // no stack trace
    });
  }

  it("a missing data file is reported at the file", async () => {
    const t = tempData();
    const { rmSync } = await import("node:fs");
    rmSync(t.path("eclipsed/reference.yaml"));
    const r = await runCli(["validate", "--data", t.data]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(`${t.path("eclipsed/reference.yaml")}: file not found (every game folder needs it; see docs/data-format.md)`);
  });

  it("reports every problem across files in one run, sorted by file and line", async () => {
    const t = tempData();
    CASES.find((c) => c.name === "wrong type (integer range)")?.edit(t);
    CASES.find((c) => c.name === "duplicate id")?.edit(t);
    CASES.find((c) => c.name === "enum value with did-you-mean")?.edit(t);
    CASES.find((c) => c.name === "wrong count with copies and sets")?.edit(t);
    const r = await runCli(["validate", "--data", t.data]);
    expect(r.code).toBe(1);
    const lines = r.stderr.trimEnd().split("\n");
    expect(lines[lines.length - 1]).toBe("4 problems in 3 files");
    const located = lines.slice(0, -1);
    expect([...located].sort((a, b) => a.localeCompare(b, "en", { numeric: true }))).toEqual(located);
  });

  it("an unknown YAML tag is an error, not silently a string", async () => {
    const t = tempData();
    t.replace(LT_DECK, 'name: "Rising Moon 5"', 'name: !upper "Rising Moon 5"');
    const r = await runCli(["validate", "--data", t.data]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(`${t.loc(LT_DECK, "!upper")}: YAML tag !upper is not supported: data files hold only text, numbers, true/false, lists and mappings; remove the tag`);
  });

  it("a folder without game.yaml is reported: every folder of the data folder is a game", async () => {
    const t = tempData();
    const { mkdirSync } = await import("node:fs");
    mkdirSync(t.path("lunar-trik"));
    const r = await runCli(["validate", "--data", t.data]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(`${t.path("lunar-trik")}: "lunar-trik" has no game.yaml: every folder of the data folder is a game (schema/ aside); add its game.yaml`);
  });

  it("valid data exits 0 and prints a summary", async () => {
    const t = tempData();
    const r = await runCli(["validate", "--data", t.data]);
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/ok lunar-trick: 7 components, 66 pieces, 32 deck cards/);
    expect(r.stdout).toMatch(new RegExp(`: ${GAMES.length} games valid\n$`));
  });

  it("a missing data folder is a usage error (exit 2)", async () => {
    const r = await runCli(["validate", "--data", join(REPO, "no-such-folder")]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("data folder not found");
  });

  it("an unknown option is a usage error (exit 2)", async () => {
    const r = await runCli(["validate", "--dat", "x"]);
    expect(r.code).toBe(2);
  });

  it("the real binary prints no stack trace and exits 1", () => {
    const t = tempData();
    CASES[1].edit(t);
    const p = spawnSync(process.execPath, [join(REPO, "bin/syzygy.js"), "validate", "--data", t.data], { encoding: "utf8" });
    expect(p.status).toBe(1);
    expect(p.stderr).toContain(`cards[3].number: expected an integer 1..30, got "x"`);
    expect(p.stderr).not.toMatch(/\n\s+at /);
  });
});
