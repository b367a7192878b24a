/**
 * Issue 36, item 4: the watch gallery serves folders a stranger named. Every game name it prints
 * is escaped (a folder `x<img src=x onerror=alert(1)>` is text on the home page, not an element),
 * and files are streamed with at most MAX_READS reads at a time: a crowd of stalled requests for
 * a big file holds a few buffers, not a copy of the file each.
 */
import { readdirSync, readFileSync, readlinkSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { connect, type Socket } from "node:net";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tempDir } from "./render-support";
import { MAX_READS, startGalleryServer, type GalleryServer } from "../src/gallery/server";

const HOSTILE = "x<img src=x onerror=alert(1)>";
const COMMENT = "y<!--<script>";

let out: string;
let server: GalleryServer;

async function get(path: string): Promise<{ status: number; body: string }> {
  const res = await fetch(new URL(path, server.url));
  return { status: res.status, body: await res.text() };
}

beforeAll(async () => {
  out = tempDir("gallery-strangers");
  for (const g of [HOSTILE, COMMENT]) {
    mkdirSync(join(out, g));
    writeFileSync(join(out, g, "index.html"), "<!doctype html><html><body><h1>gallery</h1></body></html>");
  }
  mkdirSync(join(out, "big"));
  writeFileSync(join(out, "big", "sheet.png"), Buffer.alloc(12 * 1024 * 1024, 7));
  server = await startGalleryServer(out, [HOSTILE, COMMENT, "big"], 0);
});

afterAll(async () => {
  await server?.close();
  rmSync(out, { recursive: true, force: true });
});

describe("the gallery escapes what it prints (issue 36.4)", () => {
  it("a game folder named like markup is text on the home page, and a link that leads to it", async () => {
    const home = await get("/");
    expect(home.status).toBe(200);
    expect(home.body).not.toContain("<img");
    expect(home.body).toContain("x&#60;img src=x onerror=alert(1)&#62;");
    expect(home.body).toContain(`href="/${encodeURIComponent(HOSTILE)}/"`);
    const page = await get(`/${encodeURIComponent(HOSTILE)}/`);
    expect(page.status).toBe(200);
    expect(page.body).toContain("<h1>gallery</h1>");
  });

  it("the live-reload script carries the name as a string that cannot open or end markup", async () => {
    const page = await get(`/${encodeURIComponent(COMMENT)}/`);
    expect(page.body).toContain("EventSource");
    const script = page.body.slice(page.body.indexOf("<script>"));
    expect(script).not.toContain("<!--");
    expect(script).toContain("y\\u003c!--\\u003cscript\\u003e");
  });
});

/** Open descriptors of this process on `file`. */
function handlesOn(file: string): number {
  let n = 0;
  for (const fd of readdirSync("/proc/self/fd")) {
    try {
      if (readlinkSync(`/proc/self/fd/${fd}`) === file) n += 1;
    } catch {
      // closed meanwhile
    }
  }
  return n;
}

describe("files are streamed, a bounded number at a time (issue 36.4)", () => {
  it("24 stalled requests for a 12 MiB file hold neither 24 copies nor more than MAX_READS handles; the next request is served once they go", async () => {
    const file = join(out, "big", "sheet.png");
    global.gc?.();
    const before = process.memoryUsage().arrayBuffers;
    const stalled: Socket[] = [];
    for (let i = 0; i < 24; i++) {
      const s = connect(server.port, "127.0.0.1");
      s.on("error", () => undefined);
      s.pause(); // never reads: the server's writes back up
      s.write(`GET /big/sheet.png HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\n\r\n`);
      stalled.push(s);
    }
    await new Promise((ok) => setTimeout(ok, 1500));
    const grown = process.memoryUsage().arrayBuffers - before;
    const handles = handlesOn(file);
    for (const s of stalled) s.destroy();
    expect(grown).toBeLessThan(64 * 1024 * 1024);
    expect(handles).toBeGreaterThan(0);
    expect(handles).toBeLessThanOrEqual(MAX_READS);
    const res = await fetch(new URL("/big/sheet.png", server.url), { signal: AbortSignal.timeout(10_000) });
    const body = Buffer.from(await res.arrayBuffer());
    expect(body.equals(readFileSync(file))).toBe(true);
  });
});
