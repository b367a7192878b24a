/**
 * `syzygy tts` tells a card PNG older than its data by the SVG hash faces.json records for it
 * (issue 37, item 5; the whole command after a sheet edit: test/stale-output.test.ts).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { renderSides } from "../../src/render/build";
import { TemplateSet } from "../../src/render/face";
import { FACE_MANIFEST, faceManifestJson } from "../../src/render/faces";
import { renderGameFrom } from "../../src/render/source";
import { staleFaces } from "../../src/tts/faces";
import { repoModel } from "./fixtures";

describe("staleFaces", () => {
  const model = repoModel("lunar-trick");
  const game = renderGameFrom(model);
  const { sides } = renderSides(game, new TemplateSet(model.paths.templatesDir));
  const gameDir = fs.mkdtempSync(path.join(os.tmpdir(), "syzygy-stale-faces-"));
  fs.mkdirSync(path.join(gameDir, "cards"));
  const manifest = (json: string) => fs.writeFileSync(path.join(gameDir, "cards", FACE_MANIFEST), json);

  it("none when every PNG was drawn from the SVG the data makes now", () => {
    manifest(faceManifestJson(game, sides));
    expect(staleFaces(gameDir, sides)).toEqual([]);
  });

  it("names each side whose SVG changed since, a shared back included", () => {
    manifest(faceManifestJson(game, sides));
    const back = sides.find((s) => s.sharedBack === true)!;
    const edited = sides.map((s, i) => (i === 3 || s === back ? { ...s, svg: s.svg.replace("</svg>", "<rect/></svg>") } : s));
    expect(staleFaces(gameDir, edited)).toEqual(sides.filter((s, i) => i === 3 || s === back).map((s) => s.key));
  });

  it("counts every side stale when the manifest records no SVG (an older build) or is missing", () => {
    manifest(JSON.stringify({ game: game.id, faces: JSON.parse(faceManifestJson(game, sides)).faces.map((f: { svg?: string }) => ({ ...f, svg: undefined })) }));
    expect(staleFaces(gameDir, sides)).toHaveLength(sides.length);
    fs.rmSync(path.join(gameDir, "cards", FACE_MANIFEST));
    expect(staleFaces(gameDir, sides)).toHaveLength(sides.length);
  });
});
