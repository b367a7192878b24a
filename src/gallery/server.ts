/**
 * Serves the out folder on 127.0.0.1 for `syzygy watch`: the galleries (with a live-reload
 * script injected), their images and PDFs, and a server-sent-events stream at /__syzygy/events
 * that tells open pages when a rebuild finished (they reload) or failed (they show the error and
 * keep the last good output).
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { existsSync, readFileSync, statSync } from "node:fs";
import { extname, join, resolve, sep } from "node:path";
import type { AddressInfo } from "node:net";

export const EVENTS_PATH = "/__syzygy/events";

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".png": "image/png",
  ".pdf": "application/pdf",
  ".json": "application/json; charset=utf-8",
  ".svg": "image/svg+xml",
  ".lua": "text/plain; charset=utf-8",
  ".txt": "text/plain; charset=utf-8",
};

/** Reloads the page when its game was rebuilt; shows a failed rebuild's message in a banner. */
function liveReloadScript(game: string): string {
  return `<script>(function(){
var game=${JSON.stringify(game)},es=new EventSource(${JSON.stringify(EVENTS_PATH)});
es.addEventListener("rebuilt",function(e){var d=JSON.parse(e.data);if(d.games.indexOf(game)>=0)location.reload();});
es.addEventListener("failed",function(e){var d=JSON.parse(e.data);if(d.games.indexOf(game)<0)return;
var b=document.getElementById("syzygy-error");if(!b){b=document.createElement("pre");b.id="syzygy-error";
b.style.cssText="position:fixed;left:0;right:0;bottom:0;margin:0;max-height:40vh;overflow:auto;background:#7a1020;color:#fff;padding:1em;z-index:9;white-space:pre-wrap";
document.body.appendChild(b);}b.textContent="Rebuild failed; showing the last good build.\\n\\n"+d.message;});
})();</script>`;
}

export interface GalleryServer {
  url: string;
  port: number;
  notifyRebuilt(games: string[]): void;
  notifyFailed(games: string[], message: string): void;
  close(): Promise<void>;
}

export async function startGalleryServer(outDir: string, games: string[], port: number, host = "127.0.0.1"): Promise<GalleryServer> {
  const root = resolve(outDir);
  const clients = new Set<ServerResponse>();

  const send = (event: string, data: unknown): void => {
    const chunk = `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
    for (const c of clients) c.write(chunk);
  };

  const home = (): string =>
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>syzygy previews</title></head><body><h1>syzygy previews</h1><ul>` +
    games.map((g) => `<li><a href="/${encodeURIComponent(g)}/">${g}</a></li>`).join("") +
    `</ul></body></html>`;

  const handle = (req: IncomingMessage, res: ServerResponse): void => {
    const url = new URL(req.url ?? "/", "http://localhost");
    let path: string;
    try {
      path = decodeURIComponent(url.pathname);
    } catch {
      res.writeHead(400).end("bad path");
      return;
    }
    if (path === EVENTS_PATH) {
      res.writeHead(200, { "Content-Type": "text/event-stream", "Cache-Control": "no-store", Connection: "keep-alive" });
      res.write("retry: 1000\n\n");
      clients.add(res);
      req.on("close", () => clients.delete(res));
      return;
    }
    if (path === "/") {
      if (games.length === 1) {
        res.writeHead(302, { Location: `/${encodeURIComponent(games[0])}/` }).end();
        return;
      }
      res.writeHead(200, { "Content-Type": TYPES[".html"], "Cache-Control": "no-store" }).end(home());
      return;
    }
    let file = resolve(root, "." + path);
    // Only files inside the out folder, never the build cache.
    if ((file !== root && !file.startsWith(root + sep)) || file.startsWith(join(root, ".cache"))) {
      res.writeHead(404).end("not found");
      return;
    }
    if (existsSync(file) && statSync(file).isDirectory()) {
      if (!path.endsWith("/")) {
        res.writeHead(302, { Location: `${url.pathname}/` }).end();
        return;
      }
      file = join(file, "index.html");
    }
    if (!existsSync(file) || !statSync(file).isFile()) {
      res.writeHead(404, { "Content-Type": "text/plain; charset=utf-8" }).end(`not found: ${path} (has the build finished?)`);
      return;
    }
    let body: Buffer | string = readFileSync(file);
    const type = TYPES[extname(file)] ?? "application/octet-stream";
    const game = path.split("/")[1];
    if (extname(file) === ".html" && games.includes(game)) body = body.toString("utf8").replace("</body>", `${liveReloadScript(game)}</body>`);
    res.writeHead(200, { "Content-Type": type, "Cache-Control": "no-store" }).end(body);
  };

  const server = createServer(handle);
  await new Promise<void>((ok, fail) => {
    server.once("error", fail);
    server.listen(port, host, () => ok());
  });
  const actual = (server.address() as AddressInfo).port;
  const keepAlive = setInterval(() => {
    for (const c of clients) c.write(": keep-alive\n\n");
  }, 15000);
  keepAlive.unref();
  return {
    url: `http://${host}:${actual}/`,
    port: actual,
    notifyRebuilt: (g) => send("rebuilt", { games: g }),
    notifyFailed: (g, message) => send("failed", { games: g, message }),
    close: () =>
      new Promise<void>((ok) => {
        clearInterval(keepAlive);
        for (const c of clients) c.end();
        clients.clear();
        server.close(() => ok());
        server.closeAllConnections();
      }),
  };
}
