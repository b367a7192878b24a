/**
 * The gallery's live channel (syzygy watch): a page that opens, or reconnects, after a failed
 * rebuild still shows the failure banner — the server sends each game's standing failure to every
 * new listener until that game builds again. (Before, a page that connected a moment after the
 * failure waited for a banner that never came: the watch-gallery test hung under load on it.)
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { request } from "node:http";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { EVENTS_PATH, startGalleryServer, type GalleryServer } from "../src/gallery/server";
import { tempDir } from "./render-support";

/** The events a new listener receives within `ms` of connecting. */
function firstEvents(port: number, ms = 300): Promise<{ event: string; data: unknown }[]> {
  return new Promise((ok, fail) => {
    const req = request({ host: "127.0.0.1", port, path: EVENTS_PATH }, (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (c: string) => (text += c));
      setTimeout(() => {
        req.destroy();
        const events = text
          .split("\n\n")
          .map((block) => ({ event: /^event: (.*)$/m.exec(block)?.[1], data: /^data: (.*)$/m.exec(block)?.[1] }))
          .filter((e): e is { event: string; data: string } => e.event !== undefined && e.data !== undefined)
          .map((e) => ({ event: e.event, data: JSON.parse(e.data) as unknown }));
        ok(events);
      }, ms);
    });
    req.on("error", (err: NodeJS.ErrnoException) => (err.code === "ECONNRESET" ? undefined : fail(err)));
    req.end();
  });
}

describe("gallery live channel", () => {
  const out = join(tempDir("gallery-events"), "out");
  let server: GalleryServer;
  beforeAll(async () => {
    mkdirSync(join(out, "lunar-trick"), { recursive: true });
    writeFileSync(join(out, "lunar-trick/index.html"), "<html></html>");
    server = await startGalleryServer(out, ["lunar-trick", "eclipsed"], 0);
  });
  afterAll(() => server?.close());

  it("a listener that connects after a failed rebuild gets the failure; once the game builds again, it does not", async () => {
    expect(await firstEvents(server.port)).toEqual([]);
    server.notifyFailed(["lunar-trick"], "deck.yaml:3:9: cards[0].number: expected a number");
    expect(await firstEvents(server.port)).toEqual([
      { event: "failed", data: { games: ["lunar-trick"], message: "deck.yaml:3:9: cards[0].number: expected a number" } },
    ]);
    server.notifyFailed(["lunar-trick"], "deck.yaml:4:1: a newer problem");
    server.notifyRebuilt(["eclipsed"]);
    expect(await firstEvents(server.port)).toEqual([{ event: "failed", data: { games: ["lunar-trick"], message: "deck.yaml:4:1: a newer problem" } }]);
    server.notifyRebuilt(["lunar-trick"]);
    expect(await firstEvents(server.port)).toEqual([]);
  });
});
