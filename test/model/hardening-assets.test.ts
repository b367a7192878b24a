/**
 * Template image paths are confined (issue 18): an `<image href>` in a template may draw only a
 * regular PNG/JPEG file inside the templates or data folder (after resolving links); it is
 * inlined, so neither resvg nor pdfkit ever opens a path of its own.
 */
import { describe, expect, it } from "vitest";
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, symlinkSync, writeFileSync, existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { checkGame } from "../../src/model/load";
import { formatDiagnostic } from "../../src/model/diagnostics";
import { renderFace, TemplateSet } from "../../src/render/face";
import type { FaceRef, RenderGame } from "../../src/render/types";
import { runCli, tempData } from "./helpers";

const PNG_1PX = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==", "base64");

interface Setup {
  root: string;
  templates: string;
  data: string;
  outside: string;
  render(href: string, values?: Record<string, unknown>): string;
}

function setup(): Setup {
  const root = mkdtempSync(join(tmpdir(), "syzygy-assets-"));
  const templates = join(root, "templates");
  const data = join(root, "data");
  const outside = join(root, "outside");
  for (const d of [join(templates, "g"), join(data, "g"), outside]) mkdirSync(d, { recursive: true });
  writeFileSync(join(templates, "g", "logo.png"), PNG_1PX);
  writeFileSync(join(data, "g", "art.png"), PNG_1PX);
  writeFileSync(join(outside, "secret.png"), PNG_1PX);
  writeFileSync(join(templates, "g", "notes.txt"), "not an image\n");
  mkdirSync(join(templates, "g", "folder.png"));
  let n = 0;
  return {
    root,
    templates,
    data,
    outside,
    render(href, values = {}) {
      const name = `t${n++}`;
      writeFileSync(join(templates, "g", `${name}.svg.hbs`), `<image x="0" y="0" width="5" height="5" href="${href}"/>`);
      const component = { id: "c", kind: "card" as const, title: "C", width: 20, height: 20, shape: { type: "rect" as const }, faceTemplate: name, values: {}, items: [] };
      const game: RenderGame = { id: "g", title: "G", values: {}, iconColors: {}, components: [component], assetRoots: [data] };
      const ref: FaceRef = { component, item: { id: "i", copies: 1, values }, side: "face" };
      return renderFace(new TemplateSet(templates), game, ref).svg;
    },
  };
}

const inlined = `href="data:image/png;base64,${PNG_1PX.toString("base64")}"`;

describe("template image paths", () => {
  it("a relative path inside the templates folder is inlined", () => {
    expect(setup().render("logo.png")).toContain(inlined);
  });

  it("an absolute path into the data folder (item.image) is inlined", () => {
    const s = setup();
    expect(s.render("{{item.image}}", { image: join(s.data, "g", "art.png") })).toContain(inlined);
  });

  it("an absolute path outside both folders (/tmp/x.png) is refused", () => {
    const s = setup();
    expect(() => s.render(join(s.outside, "secret.png"))).toThrow(/leads outside the templates and data folders/);
  });

  it("a ../ path leading out is refused", () => {
    expect(() => setup().render("../../outside/secret.png")).toThrow(/leads outside the templates and data folders/);
  });

  it("a link inside templates/ that leads outside is refused", () => {
    const s = setup();
    symlinkSync(join(s.outside, "secret.png"), join(s.templates, "g", "link.png"));
    expect(() => s.render("link.png")).toThrow(/leads outside the templates and data folders/);
  });

  it("a folder, a FIFO and a non-image are refused", () => {
    const s = setup();
    expect(() => s.render("folder.png")).toThrow(/not a regular file/);
    execFileSync("mkfifo", [join(s.templates, "g", "pipe.png")]);
    expect(() => s.render("pipe.png")).toThrow(/not a regular file/);
    expect(() => s.render("notes.txt")).toThrow(/not a PNG or JPEG image/);
  });

  it("URLs and non-image data: URIs are refused; #references are left alone", () => {
    const s = setup();
    expect(() => s.render("file:///etc/passwd")).toThrow(/no URLs/);
    expect(() => s.render("http://example.com/x.png")).toThrow(/no URLs/);
    expect(() => s.render("data:image/svg+xml;base64,PHN2Zy8+")).toThrow(/only base64 PNG or JPEG/);
    expect(s.render("#shape")).toContain('href="#shape"');
  });

  it("the message names the face, the template and the href", () => {
    const s = setup();
    const t0 = join(s.templates, "g", "t0.svg.hbs");
    expect(() => s.render("/etc/passwd")).toThrow(`g/c/i: template ${t0}: <image href="/etc/passwd"> (${t0}:1:`);
    expect(() => s.render("/etc/passwd")).toThrow(/\.svg\.hbs:1:\d+\): the image leads outside/);
  });
});

describe("template files", () => {
  it("a template that is a FIFO is refused at once, not waited on", () => {
    const s = setup();
    execFileSync("mkfifo", [join(s.templates, "g", "pipe.svg.hbs")]);
    const file = join(s.templates, "g", "pipe.svg.hbs");
    expect(() => new TemplateSet(s.templates).get("g", "pipe")).toThrow(`${file}: expected a regular file, found a named pipe (FIFO); replace it with the template file`);
  });
});

describe("a build with an escaping template image", () => {
  it("exits 1 naming the template, and writes no PNG or PDF holding the outside file", async () => {
    const t = tempData();
    const outsidePng = join(t.root, "outside.png");
    writeFileSync(outsidePng, PNG_1PX);
    const marker = join(t.templates, "lunar-trick", "moon-marker.svg.hbs");
    writeFileSync(marker, `<image x="0" y="0" width="5" height="5" href="${outsidePng}"/>`);
    const out = join(t.root, "out");
    const r = await runCli(["build", "lunar-trick", "--data", t.data, "--out", out, "--no-tts", "--paper", "a4"]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(`template ${marker}: <image href="${outsidePng}"> (${marker}:1:`);
    expect(r.stderr).toMatch(/moon-marker\.svg\.hbs:1:\d+\): the image leads outside the templates and data folders/);
    expect(r.stderr).not.toMatch(/\n\s+at /);
    const written = existsSync(out) ? readdirSync(out, { recursive: true }).map(String) : [];
    expect(written.filter((f) => f.endsWith(".png") || f.endsWith(".pdf"))).toEqual([]);
  });
});

describe("data image paths (image: in the YAML)", () => {
  const LT_GAME = "lunar-trick/game.yaml";
  const withImage = (value: string) => {
    const t = tempData();
    const text = t.read(LT_GAME);
    const i = text.indexOf("        name: Moon Marker\n");
    if (i < 0) throw new Error("test setup: moon marker item not found");
    t.write(LT_GAME, text.replace("        name: Moon Marker\n", `        name: Moon Marker\n        image: ${value}\n`));
    return t;
  };
  const problems = (t: ReturnType<typeof tempData>) => checkGame(t.data, "lunar-trick").diagnostics.map(formatDiagnostic);

  it("a PNG inside the game folder is accepted", () => {
    const t = withImage("art/marker.png");
    mkdirSync(t.path("lunar-trick/art"));
    writeFileSync(t.path("lunar-trick/art/marker.png"), PNG_1PX);
    expect(problems(t)).toEqual([]);
  });

  it("a folder, a FIFO or a text file is refused where the path is written", () => {
    for (const [name, make, why] of [
      ["art", (p: string) => mkdirSync(p), "it is a folder, not an image file"],
      ["pipe.png", (p: string) => execFileSync("mkfifo", [p]), "it is a named pipe (FIFO), not an image file"],
      ["notes.png", (p: string) => writeFileSync(p, "hello\n"), "it is not a PNG, JPEG or SVG image"],
    ] as const) {
      const t = withImage(name);
      make(t.path(`lunar-trick/${name}`));
      expect(problems(t)).toEqual([
        `${t.loc(LT_GAME, `image: ${name}`, 7)}: components[4].items[0].image: asset ${JSON.stringify(name)} cannot be drawn: ${why}; point it at a PNG, JPEG or SVG file`,
      ]);
    }
  });
});
