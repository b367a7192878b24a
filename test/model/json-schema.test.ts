/** The committed JSON Schema files are generated from the zod schemas and up to date. */
import { describe, expect, it } from "vitest";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { jsonSchemaFiles } from "../../src/model/json-schema";
import { REPO_DATA } from "./helpers";

describe("data/schema/*.schema.json", () => {
  const files = jsonSchemaFiles();

  it("holds exactly the generated files", () => {
    expect(readdirSync(join(REPO_DATA, "schema")).sort()).toEqual([...files.keys()].sort());
  });

  for (const [name, text] of files) {
    it(`${name} is up to date (run \`npm run gen\` after changing a schema)`, () => {
      expect(readFileSync(join(REPO_DATA, "schema", name), "utf8")).toBe(text);
    });
  }

  it("game.schema.json is strict and carries the did-you-mean candidates for editors", () => {
    const game = JSON.parse(files.get("game.schema.json") ?? "{}");
    expect(game.additionalProperties).toBe(false);
    expect(Object.keys(game.properties)).toEqual(["id", "name", "description", "version", "players", "colours", "styles", "fonts", "cardFields", "components"]);
    const component = game.properties.components.items;
    expect(component.properties.kind.enum).toEqual(["card", "board", "token", "sheet"]);
  });

  it("deck schemas restrict engine fields (Lunar Trick number 1..30)", () => {
    const deck = JSON.parse(files.get("lunar-trick-deck.schema.json") ?? "{}");
    const number = deck.properties.cards.items.properties.number;
    expect([number.type, number.minimum, number.maximum]).toEqual(["integer", 1, 30]);
  });
});
