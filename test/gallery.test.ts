/**
 * The preview gallery (issue 9): one figure per printed side, grouped by component in game order,
 * captions with the printed text (icons as words, HTML escaped), a filter over names, ids and
 * text; and the watch server: live-reload script injected, server-sent events on rebuilds,
 * nothing outside the out folder (nor the build cache) served.
 */
import { describe, expect, it } from "vitest";
import { get } from "node:http";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { renderSides } from "../src/render/build";
import type { RenderGame } from "../src/render/types";
import { galleryHtml, shapeOutline } from "../src/gallery/html";
import { BLEED_MM } from "../src/render/types";
import { EVENTS_PATH, startGalleryServer } from "../src/gallery/server";
import { game, subset, tempDir, templates } from "./render-support";

const figures = (html: string): string[] => [...html.matchAll(/<figure class="side" data-key="([^"]+)"/g)].map((m) => m[1]);

function gallery(g: RenderGame, png = true): string {
  const { sides } = renderSides(g, templates());
  return galleryHtml({ game: g, sides, hashes: new Map(sides.map((s) => [s.key, "abcdef0123456789"])), png, pdfs: ["print/x-a4.pdf"] });
}

describe("gallery page", () => {
  const eclipsed = subset(game("eclipsed"), 2);

  it("has one figure per face and back, grouped by component in game order", () => {
    const html = gallery(eclipsed);
    const { sides } = renderSides(eclipsed, templates());
    expect(figures(html)).toEqual(sides.map((s) => s.key));
    const sections = [...html.matchAll(/<section class="component" id="c-[^"]+" data-component="([^"]+)"/g)].map((m) => m[1]);
    expect(sections).toEqual(eclipsed.components.map((c) => c.id));
    // Images carry a content hash so a rebuilt face is never shown from the browser cache.
    expect(html).toContain(`src="cards/${sides[0].file}?v=abcdef012345"`);
    expect(html).toContain('<a href="print/x-a4.pdf">x-a4.pdf</a>');
  });

  it("captions carry the printed text with :icons: as words, searchable, HTML-escaped", () => {
    const g = subset(game("eclipsed"), 1, ["cards"]);
    const item = g.components[0].items[0];
    const tricky: RenderGame = { ...g, components: [{ ...g.components[0], items: [{ ...item, values: { ...item.values, name: "A <b>bold</b> & \"quoted\" card", text: "Edict: :solar: melds +1 pt." } }] }] };
    const html = gallery(tricky);
    expect(html).toContain("A &#60;b&#62;bold&#60;/b&#62; &#38; &#34;quoted&#34; card");
    expect(html).not.toContain("<b>bold</b>");
    expect(html).toContain("<p>Edict: solar melds +1 pt.</p>");
    expect(html).toMatch(/data-search="[^"]*edict: solar melds \+1 pt\.[^"]*"/);
  });

  it("shows the copies printed of every item (a shared back: of every item it backs)", () => {
    const lunar = game("lunar-trick");
    const { sides } = renderSides(lunar, templates());
    const html = galleryHtml({ game: lunar, sides, hashes: new Map(), png: true, pdfs: [] });
    const shown = new Map([...html.matchAll(/<figure class="side" data-key="([^"]+)" data-copies="(\d+)"[^]*?<span class="copies"[^>]*>×(\d+)<\/span>/g)].map((m) => [m[1], [Number(m[2]), Number(m[3])]]));
    expect(shown.size).toBe(sides.length);
    for (const s of sides) {
      const backs = s.component.items.filter((i) => !i.backTemplate);
      const want = s.side === "back" && s.key === `${s.component.id}/back` ? backs.reduce((n, i) => n + i.copies, 0) : s.item.copies;
      expect(shown.get(s.key), s.key).toEqual([want, want]);
    }
    // The designer's view of the real data: eight dividers, one trump status card.
    const divider = sides.find((s) => s.component.id === "dividers" && s.side === "face")!;
    expect(shown.get(divider.key)?.[0]).toBe(divider.item.copies);
    expect(divider.item.copies).toBeGreaterThan(1);
  });

  it("has a trim and safe-area overlay on every side, off until switched on", () => {
    const lunar = subset(game("lunar-trick"), 1);
    const { sides } = renderSides(lunar, templates());
    const html = galleryHtml({ game: lunar, sides, hashes: new Map(), png: true, pdfs: [] });
    expect(html).toContain('<input id="guides" type="checkbox">');
    expect(html).toMatch(/\.guides\{display:none[^}]*\}/);
    expect(html).toContain("body.guides-on .guides{display:block}");
    const overlays = [...html.matchAll(/<svg class="guides" viewBox="([^"]+)"[^>]*><path class="trim" d="([^"]+)"\/><path class="safe" d="([^"]+)"\/><\/svg>/g)];
    expect(overlays.length).toBe(sides.length);
    for (const [i, s] of sides.entries()) {
      const { width: w, height: h } = s.component;
      // The art with bleed is the viewBox; the trim is the cut, the safe area 1/8 in inside it.
      expect(overlays[i][1]).toBe(`${-BLEED_MM} ${-BLEED_MM} ${w + 2 * BLEED_MM} ${h + 2 * BLEED_MM}`);
      expect(overlays[i][2]).toBe(shapeOutline(s.component.shape, w, h, 0));
      expect(overlays[i][3]).toBe(shapeOutline(s.component.shape, w, h, BLEED_MM));
    }
    expect(shapeOutline({ type: "rect" }, 63.5, 88.9, 0)).toBe("M0 0h63.5v88.9h-63.5Z");
    expect(shapeOutline({ type: "rect" }, 63.5, 88.9, 3.175)).toBe("M3.175 3.175h57.15v82.55h-57.15Z");
    expect(shapeOutline({ type: "circle" }, 13, 13, 3)).toBe("M3 6.5a3.5 3.5 0 1 0 7 0a3.5 3.5 0 1 0 -7 0Z");
    // Rounded corners follow the cut, smaller by the inset.
    expect(shapeOutline({ type: "rect", radius: 4 }, 60, 80, 1)).toMatch(/^M4 1h52a3 3 0 0 1 3 3v72/);
  });

  it("lists the build warnings, escaped, or says there are none", () => {
    const warned = galleryHtml({ game: eclipsed, sides: [], hashes: new Map(), png: true, pdfs: [], warnings: [{ where: "cards/solar-1 face", message: "text <overflows> its box by 2.1 mm" }] });
    expect(warned).toContain('<section id="warnings" class="has-warnings" data-count="1">');
    expect(warned).toContain("<li><code>cards/solar-1 face</code> text &#60;overflows&#62; its box by 2.1 mm</li>");
    expect(warned).toContain('<a href="#warnings">warnings (1)</a>');
    const clean = galleryHtml({ game: eclipsed, sides: [], hashes: new Map(), png: true, pdfs: [], warnings: [] });
    expect(clean).toContain("No build warnings.");
    expect(clean).toContain('<section id="warnings" data-count="0">');
  });

  it("without PNGs it still lists every side, with a note instead of images", () => {
    const html = gallery(eclipsed, false);
    expect(html).not.toContain("<img");
    expect(figures(html).length).toBeGreaterThan(0);
    expect(html).toContain("PNG previews off");
  });
});

function fetchText(url: string): Promise<{ status: number; body: string }> {
  return new Promise((ok, fail) => {
    get(url, (res) => {
      let body = "";
      res.on("data", (c: Buffer) => (body += c.toString()));
      res.on("end", () => ok({ status: res.statusCode ?? 0, body }));
    }).on("error", fail);
  });
}

describe("gallery server", () => {
  it("serves galleries with live reload, streams rebuild events, and refuses paths outside out/", async () => {
    const out = tempDir("serve");
    mkdirSync(join(out, "lunar-trick"), { recursive: true });
    mkdirSync(join(out, ".cache"), { recursive: true });
    writeFileSync(join(out, "lunar-trick/index.html"), "<html><body><h1>gallery</h1></body></html>");
    writeFileSync(join(out, ".cache/lunar-trick.json"), "{}");
    const server = await startGalleryServer(out, ["lunar-trick"], 0);
    try {
      const page = await fetchText(`${server.url}lunar-trick/`);
      expect(page.status).toBe(200);
      expect(page.body).toContain(`new EventSource("${EVENTS_PATH}")`);
      expect((await fetchText(`${server.url}lunar-trick/missing.png`)).status).toBe(404);
      expect((await fetchText(`${server.url}.cache/lunar-trick.json`)).status).toBe(404);
      expect((await fetchText(`${server.url}%2e%2e/%2e%2e/etc/passwd`)).status).toBe(404);

      const event = new Promise<string>((ok) => {
        get(`${server.url}${EVENTS_PATH.slice(1)}`, (res) => {
          let text = "";
          res.on("data", (c: Buffer) => {
            text += c.toString();
            if (text.includes("event: rebuilt")) {
              ok(text);
              res.destroy();
            }
          });
        });
      });
      // The client has to be connected before the event is sent.
      await new Promise((r) => setTimeout(r, 200));
      server.notifyRebuilt(["lunar-trick"]);
      expect(await event).toContain('data: {"games":["lunar-trick"]}');
    } finally {
      await server.close();
    }
  });
});
