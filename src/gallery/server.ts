/**
 * Serves the out folder on 127.0.0.1 for `syzygy watch`: the galleries (with a live-reload
 * script injected), their images and PDFs, and a server-sent-events stream at /__syzygy/events
 * that tells open pages when a rebuild finished (they reload) or failed (they show the error and
 * keep the last good output).
 *
 * What it serves: regular files inside out/ (not the build cache), after resolving symbolic
 * links, to requests addressed to this machine by name (localhost, 127.0.0.1, [::1]) — so a web
 * page elsewhere cannot read out/ by pointing a DNS name at 127.0.0.1. Whatever a request or the
 * file system does (unreadable or vanishing files, FIFOs, odd paths), it answers 4xx/5xx and
 * keeps running.
 *
 * A game folder's name is anything a shared folder brings (`x<img src=x onerror=…>`): every name
 * it prints is escaped for where it goes (HTML text, an attribute, a script's string). Files are
 * streamed, never read whole, and at most MAX_READS at a time: a crowd of slow or stalled
 * requests holds a few buffers each, not the files (a client that stops reading is dropped).
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { constants } from "node:fs";
import { open, realpath, type FileHandle } from "node:fs/promises";
import { extname, join, resolve, sep } from "node:path";
import type { AddressInfo } from "node:net";
import { SyzygyError } from "../errors";
import { esc } from "./html";

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

/** A JSON value safe inside <script>: no `</script>` or `<!--` can end or bend the script. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
}

/** Reloads the page when its game was rebuilt; shows a failed rebuild's message in a banner. */
function liveReloadScript(game: string): string {
  return `<script>(function(){
var game=${scriptJson(game)},es=new EventSource(${scriptJson(EVENTS_PATH)});
es.addEventListener("rebuilt",function(e){var d=JSON.parse(e.data);if(d.games.indexOf(game)>=0)location.reload();});
es.addEventListener("failed",function(e){var d=JSON.parse(e.data);if(d.games.indexOf(game)<0)return;
var b=document.getElementById("syzygy-error");if(!b){b=document.createElement("pre");b.id="syzygy-error";
b.style.cssText="position:fixed;left:0;right:0;bottom:0;margin:0;max-height:40vh;overflow:auto;background:#7a1020;color:#fff;padding:1em;z-index:9;white-space:pre-wrap";
document.body.appendChild(b);}b.textContent="Rebuild failed; showing the last good build.\\n\\n"+d.message;});
})();</script>`;
}

/** Host names this server answers to: the loopback names, with or without a port. */
const LOCAL_HOST = /^(?:localhost|127\.0\.0\.1|\[::1\])(?::\d{1,5})?$/i;

export function isLocalHost(host: string | undefined): boolean {
  return host !== undefined && LOCAL_HOST.test(host);
}

export interface GalleryServer {
  url: string;
  port: number;
  notifyRebuilt(games: string[]): void;
  notifyFailed(games: string[], message: string): void;
  close(): Promise<void>;
}

/** An answer that is not a file: status and a one-line text. */
class Refusal {
  constructor(
    readonly status: number,
    readonly text: string,
  ) {}
}

/** How a file-system error reads to the browser. */
function refusalFor(err: unknown, path: string): Refusal {
  const code = (err as NodeJS.ErrnoException | undefined)?.code;
  if (code === "ENOENT" || code === "ENOTDIR" || code === "ELOOP" || code === "ENAMETOOLONG") return new Refusal(404, `not found: ${path} (has the build finished?)`);
  if (code === "EACCES" || code === "EPERM") return new Refusal(403, `not readable: ${path}`);
  return new Refusal(500, `could not read ${path}${code ? ` (${code})` : ""}`);
}

/** A regular file found and opened (the caller streams it and closes the handle), or a folder. */
type Found = { kind: "file"; file: string; handle: FileHandle; size: number } | { kind: "dir" };

/** Files read at once; further requests wait for a turn (each read holds one buffer of 64 KiB). */
export const MAX_READS = 8;
/** A response that makes no progress this long (a client that stopped reading) is dropped. */
const STALL_MS = 30_000;

/** A counting semaphore: `take` resolves when a turn is free; `give` frees one. */
class Turns {
  private free: number;
  private readonly waiting: (() => void)[] = [];
  constructor(n: number) {
    this.free = n;
  }
  take(): Promise<void> {
    if (this.free > 0) {
      this.free -= 1;
      return Promise.resolve();
    }
    return new Promise((ok) => this.waiting.push(ok));
  }
  give(): void {
    const next = this.waiting.shift();
    if (next !== undefined) next();
    else this.free += 1;
  }
}

/**
 * The regular file at `path` under `root` (both real paths), read through one open handle: what
 * is checked is what is read, even if the file is replaced or removed meanwhile. A FIFO is opened
 * without blocking and refused; the build cache is not served.
 */
async function readInside(root: string, path: string): Promise<Found | Refusal> {
  const notFound = new Refusal(404, `not found: ${path} (has the build finished?)`);
  const wanted = resolve(root, "." + path);
  if (wanted !== root && !wanted.startsWith(root + sep)) return notFound;
  let real: string;
  try {
    real = await realpath(wanted);
  } catch (err) {
    return refusalFor(err, path);
  }
  if ((real !== root && !real.startsWith(root + sep)) || real === join(root, ".cache") || real.startsWith(join(root, ".cache") + sep)) return notFound;
  let handle;
  try {
    handle = await open(real, constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0));
  } catch (err) {
    return refusalFor(err, path);
  }
  let keep = false;
  try {
    const stat = await handle.stat();
    if (stat.isDirectory()) return { kind: "dir" };
    if (!stat.isFile()) return notFound;
    keep = true;
    return { kind: "file", file: real, handle, size: stat.size };
  } catch (err) {
    return refusalFor(err, path);
  } finally {
    if (!keep) await handle.close().catch(() => undefined);
  }
}

export async function startGalleryServer(outDir: string, games: string[], port: number, host = "127.0.0.1"): Promise<GalleryServer> {
  const root = resolve(outDir);
  const clients = new Set<ServerResponse>();

  const chunkOf = (event: string, data: unknown): string => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
  const send = (event: string, data: unknown): void => {
    const chunk = chunkOf(event, data);
    for (const c of clients) c.write(chunk);
  };
  // The failed rebuild each game is showing: a page opened (or reconnected) after the failure
  // gets it on connecting, not only pages that were listening at that moment.
  const failures = new Map<string, string>();

  const home = (): string =>
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>syzygy previews</title></head><body><h1>syzygy previews</h1><ul>` +
    games.map((g) => `<li><a href="/${esc(encodeURIComponent(g))}/">${esc(g)}</a></li>`).join("") +
    `</ul></body></html>`;
  const reads = new Turns(MAX_READS);

  const text = (res: ServerResponse, status: number, body: string, headers: Record<string, string> = {}): void => {
    res.writeHead(status, { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store", "X-Content-Type-Options": "nosniff", ...headers }).end(body);
  };

  /** Serves one file, waiting for a turn to read (see MAX_READS); the turn is given back when the answer ends. */
  const serveFile = async (req: IncomingMessage, res: ServerResponse, path: string, pathname: string): Promise<void> => {
    await reads.take();
    let given = false;
    const give = (): void => {
      if (!given) reads.give();
      given = true;
    };
    res.once("close", give);
    if (res.destroyed) return give();
    try {
      await streamFile(req, res, path, pathname);
    } catch (err) {
      give();
      throw err;
    }
  };

  const streamFile = async (req: IncomingMessage, res: ServerResponse, path: string, pathname: string): Promise<void> => {
    // out/ itself may be a link, or be made after the server started: resolved per request.
    let realRoot: string;
    try {
      realRoot = await realpath(root);
    } catch {
      return text(res, 404, `not found: ${path} (no build output yet)`);
    }
    let found = await readInside(realRoot, path);
    if (!(found instanceof Refusal) && found.kind === "dir") {
      if (!path.endsWith("/")) return void res.writeHead(302, { Location: `${pathname}/` }).end();
      found = await readInside(realRoot, `${path}index.html`);
      if (!(found instanceof Refusal) && found.kind === "dir") found = new Refusal(404, `not found: ${path}`);
    }
    if (found instanceof Refusal) return text(res, found.status, found.text);
    if (found.kind !== "file") return text(res, 404, `not found: ${path}`);
    const { handle, size, file } = found;
    const type = TYPES[extname(file)] ?? "application/octet-stream";
    const game = path.split("/")[1];
    // A gallery page gets the live-reload script after its last byte (browsers run a script
    // after </html> as part of the body), so its length is known before it is sent.
    const script = extname(file) === ".html" && games.includes(game) ? liveReloadScript(game) : "";
    // Streamed from the handle that was checked: memory stays flat however big the file.
    res.writeHead(200, { "Content-Type": type, "Content-Length": String(size + Buffer.byteLength(script)), "Cache-Control": "no-store", "X-Content-Type-Options": "nosniff" });
    if (req.method === "HEAD") {
      await handle.close().catch(() => undefined);
      res.end();
      return;
    }
    res.setTimeout(STALL_MS, () => res.destroy());
    // The bytes the length was stated for, even if the file grows meanwhile.
    const stream = size === 0 ? undefined : handle.createReadStream({ start: 0, end: size - 1 });
    if (stream === undefined) {
      await handle.close().catch(() => undefined);
      res.end(script);
      return;
    }
    stream.on("error", () => res.destroy());
    res.on("close", () => stream.destroy());
    stream.on("end", () => res.end(script));
    stream.pipe(res, { end: false });
  };

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    if (!isLocalHost(req.headers.host)) return text(res, 421, `this server answers to localhost only: open http://127.0.0.1:${actualPort}/`);
    if (req.method !== "GET" && req.method !== "HEAD") return text(res, 405, "only GET and HEAD", { Allow: "GET, HEAD" });
    let pathname: string;
    let path: string;
    try {
      pathname = new URL(req.url ?? "/", "http://localhost").pathname;
      path = decodeURIComponent(pathname);
    } catch {
      return text(res, 400, "bad path");
    }
    if (path.includes("\0")) return text(res, 400, "bad path");
    if (path === EVENTS_PATH) {
      res.writeHead(200, { "Content-Type": "text/event-stream", "Cache-Control": "no-store", Connection: "keep-alive" });
      res.write("retry: 1000\n\n");
      for (const [game, message] of failures) res.write(chunkOf("failed", { games: [game], message }));
      clients.add(res);
      req.on("close", () => clients.delete(res));
      return;
    }
    if (path === "/") {
      if (games.length === 1) return void res.writeHead(302, { Location: `/${encodeURIComponent(games[0])}/` }).end();
      res.writeHead(200, { "Content-Type": TYPES[".html"], "Cache-Control": "no-store", "X-Content-Type-Options": "nosniff" }).end(home());
      return;
    }
    await serveFile(req, res, path, pathname);
  };

  const server = createServer((req, res) => {
    // A client that goes away mid-answer is not an error of the server.
    res.on("error", () => undefined);
    handle(req, res).catch((err: unknown) => {
      if (res.headersSent) res.destroy();
      else text(res, 500, `internal error: ${err instanceof Error ? err.message : String(err)}`);
    });
  });
  server.on("clientError", (_err, socket) => {
    if (socket.writable) socket.end("HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n");
    else socket.destroy();
  });
  await new Promise<void>((ok, fail) => {
    server.once("error", (err: NodeJS.ErrnoException) => fail(listenError(err, host, port)));
    server.listen(port, host, () => ok());
  });
  // Errors after start (none expected) are reported by the requests they fail, never thrown.
  server.on("error", () => undefined);
  const actualPort = (server.address() as AddressInfo).port;
  const keepAlive = setInterval(() => {
    for (const c of clients) c.write(": keep-alive\n\n");
  }, 15000);
  keepAlive.unref();
  return {
    url: `http://${host}:${actualPort}/`,
    port: actualPort,
    notifyRebuilt: (g) => {
      for (const game of g) failures.delete(game);
      send("rebuilt", { games: g });
    },
    notifyFailed: (g, message) => {
      for (const game of g) failures.set(game, message);
      send("failed", { games: g, message });
    },
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

/**
 * Why the server could not start, and what to run instead. Exit 1, as for a build lock another
 * process holds: the command line is right, something else has the port.
 */
function listenError(err: NodeJS.ErrnoException, host: string, port: number): Error {
  if (err.code === "EADDRINUSE") {
    return new SyzygyError(
      `syzygy watch: port ${port} on ${host} is already in use (another syzygy watch?): stop that program, or choose another port with --port N (--port 0 picks a free one), or run without the gallery server (--no-serve)`,
      1,
    );
  }
  if (err.code === "EACCES" || err.code === "EPERM") {
    return new SyzygyError(`syzygy watch: not allowed to listen on port ${port} of ${host} (ports below 1024 need privileges): choose another port with --port N (--port 0 picks a free one)`, 1);
  }
  if (err.code === "EADDRNOTAVAIL") return new SyzygyError(`syzygy watch: ${host} is not an address of this machine: the gallery server listens on 127.0.0.1 only`, 1);
  return err;
}
