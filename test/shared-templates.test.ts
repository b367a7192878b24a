/**
 * One template every game shares (templates/shared/, src/model/template-file.ts): the shipped
 * games' reference pages all read templates/shared/reference.svg.hbs; a game's own file of the
 * same name overrides it, and a missing template lists the shared names among those it could be.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { checkGame, loadGame } from "../src/model/load";
import { templateFile, templateNames } from "../src/model/template-file";
import { TemplateSet } from "../src/render/face";
import { DATA_GAMES } from "./games";

const ROOT = path.join(import.meta.dirname, "..");
const TEMPLATES = path.join(ROOT, "templates");
const DATA = path.join(ROOT, "data");

/** The games with a component whose face is the `reference` template: the shipped three, and any later. */
const REFERENCE_GAMES = DATA_GAMES.filter((id) => loadGame(DATA, id).components.some((c) => c.templates.face.name === "reference"));

function templatesCopy(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "syzygy-shared-templates-"));
  fs.cpSync(TEMPLATES, path.join(dir, "templates"), { recursive: true });
  return path.join(dir, "templates");
}

describe("shared templates (templates/shared/)", () => {
  it("every shipped game's reference pages resolve to the one shared template", () => {
    expect(REFERENCE_GAMES.length).toBeGreaterThanOrEqual(3);
    for (const id of REFERENCE_GAMES) {
      const refs = loadGame(DATA, id).components.filter((c) => c.templates.face.name === "reference");
      for (const c of refs) expect(c.templates.face.file, id).toBe(path.join(TEMPLATES, "shared", "reference.svg.hbs"));
      expect(fs.existsSync(path.join(TEMPLATES, id, "reference.svg.hbs")), `${id} keeps no copy of its own`).toBe(false);
    }
  });

  it("a game's own template of the same name wins over the shared one, for that game only", () => {
    const templates = templatesCopy();
    const [game, other] = REFERENCE_GAMES;
    fs.writeFileSync(path.join(templates, game, "reference.svg.hbs"), '<svg xmlns="http://www.w3.org/2000/svg"><desc>own page</desc></svg>');
    expect(templateFile(templates, game, "reference")).toBe(path.join(templates, game, "reference.svg.hbs"));
    expect(templateFile(templates, other, "reference")).toBe(path.join(templates, "shared", "reference.svg.hbs"));
    const set = new TemplateSet(templates);
    expect(set.get(game, "reference")({})).toContain("own page");
    expect(set.path(other, "reference")).toBe(path.join(templates, "shared", "reference.svg.hbs"));
  });

  it("a template neither the game nor shared/ has is reported at the game's own path, the shared names among the choices", () => {
    const templates = templatesCopy();
    fs.rmSync(path.join(templates, "shared", "reference.svg.hbs"));
    fs.writeFileSync(path.join(templates, "shared", "referenz.svg.hbs"), "<svg/>");
    const game = REFERENCE_GAMES[0];
    expect(templateFile(templates, game, "reference")).toBe(path.join(templates, game, "reference.svg.hbs"));
    expect(templateNames(templates, game)).toContain("referenz");
    const r = checkGame(DATA, game, { templatesDir: templates });
    const missing = r.diagnostics.filter((d) => d.message.includes('template "reference" not found'));
    expect(missing.length).toBeGreaterThan(0);
    expect(missing[0].message).toContain(`${game}/reference.svg.hbs`);
    expect(missing[0].message).toMatch(/did you mean "referenz"/);
  });
});
