/**
 * Issue 37, item 1: the headings designers write name the card's parts whatever their case,
 * spacing and punctuation (src/model/column-map.ts); note columns are private; game.yaml's
 * `columns:` maps anything else.
 */
import { describe, expect, it } from "vitest";
import { CARD_PARTS, isPrivateColumn, likelyNameColumn, mapHeader } from "../../src/model/column-map";

const SHARED = new Set(["id", "name", "index", "title", "subtitle", "text", "flavor", "style", "image"]);
const roles = (header: string[], opts: Partial<Parameters<typeof mapHeader>[1]> = {}) => mapHeader(header, { fields: SHARED, ...opts }).map((e) => `${e.heading}=${e.role}${e.field === undefined ? "" : `:${e.field}`}`);

describe("the column map of a header row", () => {
  it.each(CARD_PARTS.flatMap((p) => p.headings.map((h) => [h, p.field] as const)))("%s is the card's %s", (heading, field) => {
    for (const written of [heading, heading.toUpperCase(), heading.toLowerCase(), ` ${heading.replace(/ /g, "_")} `]) {
      const [e] = mapHeader([written], { fields: new Set([...SHARED, "cost", "type"]) });
      expect([e.role === "copies" ? "copies" : e.field], written).toEqual([field]);
    }
  });

  it("the issue's sheet: Card Name, Qty, Colour, Value, Cargo, Rules Text, Flavour, Notes for me", () => {
    expect(roles(["Card Name", "Qty", "Colour", "Value", "Cargo", "Rules Text", "Flavour", "Notes for me"])).toEqual([
      "Card Name=field:name",
      "Qty=copies:copies",
      "Colour=extra:colour",
      "Value=extra:value",
      "Cargo=extra:cargo",
      "Rules Text=field:text",
      "Flavour=field:flavor",
      "Notes for me=private",
    ]);
  });

  it("the most specific heading wins: Name before Title before Card; the others stay fields of their own", () => {
    expect(roles(["Card", "Title", "Name"])).toEqual(["Card=extra:card", "Title=field:title", "Name=field:name"]);
    expect(roles(["Card", "Title"])).toEqual(["Card=extra:card", "Title=field:name"]);
    expect(roles(["Rules", "Text", "Description"])).toEqual(["Rules=extra:rules", "Text=field:text", "Description=extra:description"]);
  });

  it("cost and type are fields by their usual names, declared or not (a new game declares them)", () => {
    expect(roles(["Name", "Category", "Cost"])).toEqual(["Name=field:name", "Category=extra:type", "Cost=extra:cost"]);
    expect(roles(["Name", "Card Type"], { fields: new Set([...SHARED, "type"]), ownFields: new Set(["type"]) })).toEqual(["Name=field:name", "Card Type=field:type"]);
  });

  it("a heading naming a field of the game's own is that field, not a part's alias", () => {
    expect(roles(["Name", "Description"], { fields: new Set([...SHARED, "description"]), ownFields: new Set(["description"]) })).toEqual(["Name=field:name", "Description=field:description"]);
  });

  it("# alone is the copies column; # Notes, notes, comments, internal columns are private", () => {
    expect(roles(["Name", "#", "# Notes", "Designer notes", "Comments", "Internal", "Notes for me", "Footnote"])).toEqual([
      "Name=field:name",
      "#=copies:copies",
      "# Notes=private",
      "Designer notes=private",
      "Comments=private",
      "Internal=private",
      "Notes for me=private",
      "Footnote=extra:footnote",
    ]);
    expect(["#", "Notation", "Keynote"].map(isPrivateColumn)).toEqual([false, false, false]);
  });

  it("a notes-like heading the game declares as its own field is that field; a # heading never is", () => {
    expect(roles(["Name", "Notes", "# Notes"], { fields: new Set([...SHARED, "notes"]), ownFields: new Set(["notes"]) })).toEqual(["Name=field:name", "Notes=field:notes", "# Notes=private"]);
  });

  it("game.yaml's columns: maps anything else, even a private-looking heading", () => {
    expect(roles(["Ship", "Notes", "Mana"], { fields: new Set([...SHARED, "cost"]), columns: { Ship: "name", notes: "flavor", MANA: "cost" } })).toEqual([
      "Ship=field:name",
      "Notes=field:flavor",
      "Mana=field:cost",
    ]);
  });

  it("without a name heading, the likely name column is the first text column whose cells all differ", () => {
    const header = ["Qty", "Ship", "Colour", "Text"];
    const body = [
      [2, "Red Cutter", "Red", "x"],
      [1, "Blue Cutter", "Blue", "x"],
      [1, "Red Brig", "Red", "y"],
    ];
    expect(likelyNameColumn(mapHeader(header, { fields: SHARED }), body)?.heading).toBe("Ship");
    expect(likelyNameColumn(mapHeader(["Qty", "Colour"], { fields: SHARED }), [[1, "Red"], [2, "Red"]])).toBeUndefined();
  });
});
