/**
 * The watch gallery server under hostile and unlucky conditions (issue 18): an unreadable file,
 * a file removed between the server's check and its read, links out of out/, foreign Host
 * headers, a FIFO, a port already taken. Each answers 4xx (or a clear error at start) and the
 * server keeps serving.
 *
 * Reading a file fails on purpose through the fs module: this suite runs as root on CI, where
 * `chmod 000` does not stop a read, and a deletion between two system calls cannot be timed.
 * Files named `unreadable*` fail to read with EACCES, files named `vanishing*` with ENOENT —
 * after every check (stat, realpath) has seen them.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { execFileSync, spawn } from "node:child_process";
import { mkdirSync, symlinkSync, truncateSync, writeFileSync } from "node:fs";
import { connect } from "node:net";
import { join } from "node:path";
import { REPO, tempDir } from "./render-support";

function failingRead(path: unknown): NodeJS.ErrnoException | undefined {
  const name = String(path).split("/").pop() ?? "";
  const code = name.startsWith("unreadable") ? "EACCES" : name.startsWith("vanishing") ? "ENOENT" : undefined;
  if (code === undefined) return undefined;
  return Object.assign(new Error(`${code}: simulated, open '${String(path)}'`), { code, syscall: "open", path: String(path) });
}

vi.mock("node:fs", async (importOriginal) => {
  const real = await importOriginal<typeof import("node:fs")>();
  const guard =
    <A extends unknown[], R>(fn: (...a: A) => R) =>
    (...a: A): R => {
      const err = failingRead(a[0]);
      if (err) throw err;
      return fn(...a);
    };
  const readFileSync = guard(real.readFileSync);
  const openSync = guard(real.openSync);
  const createReadStream = guard(real.createReadStream);
  return { ...real, default: { ...real, readFileSync, openSync, createReadStream }, readFileSync, openSync, createReadStream };
});

vi.mock("node:fs/promises", async (importOriginal) => {
  const real = await importOriginal<typeof import("node:fs/promises")>();
  const guard =
    <A extends unknown[], R>(fn: (...a: A) => Promise<R>) =>
    async (...a: A): Promise<R> => {
      const err = failingRead(a[0]);
      if (err) throw err;
      return fn(...a);
    };
  const open = guard(real.open);
  const readFile = guard(real.readFile);
  return { ...real, default: { ...real, open, readFile }, open, readFile };
});

const { startGalleryServer } = await import("../src/gallery/server");
const { CliError } = await import("../src/cli/errors");

interface Answer {
  status: number;
  head: string;
  body: string;
}

/** One raw HTTP/1.1 request (any Host header, or none), answered or refused. */
export function rawGet(port: number, target: string, host: string | undefined, method = "GET"): Promise<Answer> {
  return new Promise((ok, fail) => {
    const socket = connect(port, "127.0.0.1");
    let data = "";
    const done = (): void => {
      const [head, ...rest] = data.split("\r\n\r\n");
      ok({ status: Number(/^HTTP\/1\.[01] (\d{3})/.exec(head)?.[1] ?? 0), head, body: rest.join("\r\n\r\n") });
    };
    socket.setEncoding("latin1");
    socket.on("data", (c: string) => (data += c));
    socket.on("end", done);
    socket.on("error", fail);
    // A server that died or hangs gives no answer: fail, do not wait for the test's timeout.
    socket.setTimeout(4000, () => {
      socket.destroy();
      fail(new Error(`no answer to ${method} ${target} (Host ${host ?? "none"})`));
    });
    socket.write(`${method} ${target} HTTP/1.1\r\n${host === undefined ? "" : `Host: ${host}\r\n`}Connection: close\r\n\r\n`, "latin1");
  });
}

describe("gallery server: bad files and links", () => {
  const dir = tempDir("gallery-server");
  const out = join(dir, "out");
  const secret = join(dir, "secret.txt");
  let server: Awaited<ReturnType<typeof startGalleryServer>>;
  let port = 0;
  const get = (path: string, host = `127.0.0.1:${port}`): Promise<Answer> => rawGet(port, path, host);

  beforeAll(async () => {
    mkdirSync(join(out, "lunar-trick/cards"), { recursive: true });
    writeFileSync(join(out, "lunar-trick/index.html"), "<html><body><h1>gallery</h1></body></html>");
    writeFileSync(join(out, "lunar-trick/cards/moon.png"), "PNG-BYTES");
    writeFileSync(join(out, "lunar-trick/cards/unreadable.png"), "cannot be read");
    writeFileSync(join(out, "lunar-trick/cards/vanishing.png"), "gone before it is read");
    writeFileSync(secret, "TOP-SECRET outside out/");
    symlinkSync(secret, join(out, "lunar-trick/secret.txt"));
    symlinkSync("/etc/hostname", join(out, "lunar-trick/hostname"));
    symlinkSync(dir, join(out, "lunar-trick/up"));
    symlinkSync("cards/moon.png", join(out, "lunar-trick/moon-link.png"));
    execFileSync("mkfifo", [join(out, "lunar-trick/cards/fifo.png")]);
    server = await startGalleryServer(out, ["lunar-trick"], 0);
    port = server.port;
  });

  afterAll(() => server?.close());

  it("an unreadable file answers 403 and the server keeps serving", async () => {
    const r = await get("/lunar-trick/cards/unreadable.png");
    expect(r.status).toBe(403);
    expect(r.body).toContain("not readable: /lunar-trick/cards/unreadable.png");
    expect((await get("/lunar-trick/cards/moon.png")).body).toBe("PNG-BYTES");
  });

  it("a file deleted between the check and the read answers 404 and the server keeps serving", async () => {
    const r = await get("/lunar-trick/cards/vanishing.png");
    expect(r.status).toBe(404);
    expect((await get("/lunar-trick/")).status).toBe(200);
  });

  it("links are resolved: nothing outside out/ is served (/etc/hostname, a folder link), a link inside out/ is", async () => {
    for (const path of ["/lunar-trick/secret.txt", "/lunar-trick/hostname", "/lunar-trick/up/secret.txt"]) {
      const r = await get(path);
      expect(r.status, path).toBe(404);
      expect(r.body).not.toContain("TOP-SECRET");
    }
    const inside = await get("/lunar-trick/moon-link.png");
    expect(inside.status).toBe(200);
    expect(inside.body).toBe("PNG-BYTES");
  });

  it("a FIFO is refused at once (no read that waits for a writer)", async () => {
    expect((await get("/lunar-trick/cards/fifo.png")).status).toBe(404);
  });

  it("answers only requests addressed to localhost, 127.0.0.1 or [::1] (DNS rebinding cannot read out/)", async () => {
    for (const host of ["localhost", `localhost:${port}`, "127.0.0.1", `127.0.0.1:${port}`, "[::1]", `[::1]:${port}`, `LOCALHOST:${port}`]) {
      expect((await get("/lunar-trick/cards/moon.png", host)).status, host).toBe(200);
    }
    for (const host of ["evil.example", `evil.example:${port}`, "localhost.evil.example", "127.0.0.1.nip.io", `127.0.0.2:${port}`, "[::2]", "localhost:", "localhost:80:80", ""]) {
      const r = await get("/lunar-trick/cards/moon.png", host);
      expect(r.status, host).toBeGreaterThanOrEqual(400);
      expect(r.status, host).toBeLessThan(500);
      expect(r.body).not.toContain("PNG-BYTES");
    }
    // HTTP/1.0 allows a request without Host: refused too.
    const bare = await new Promise<string>((ok) => {
      const s = connect(port, "127.0.0.1");
      let d = "";
      s.on("data", (c) => (d += c.toString()));
      s.on("end", () => ok(d));
      s.write("GET /lunar-trick/cards/moon.png HTTP/1.0\r\n\r\n");
    });
    expect(bare).toMatch(/^HTTP\/1\.[01] 4\d\d/);
    expect(bare).not.toContain("PNG-BYTES");
    expect((await get("/lunar-trick/")).status).toBe(200);
  });

  it("refuses methods other than GET and HEAD", async () => {
    expect((await rawGet(port, "/lunar-trick/", `127.0.0.1:${port}`, "POST")).status).toBe(405);
    const head = await rawGet(port, "/lunar-trick/cards/moon.png", `127.0.0.1:${port}`, "HEAD");
    expect(head.status).toBe(200);
    expect(head.body).toBe("");
  });
});

describe("gallery server: port in use", () => {
  // Exit 1 (README, exit codes): the command line is right, another process holds the port — as
  // with the build lock.
  it("is an error naming the port and --port (exit 1), not an internal error", async () => {
    const first = await startGalleryServer(tempDir("gallery-port"), ["lunar-trick"], 0);
    try {
      const second = startGalleryServer(tempDir("gallery-port"), ["lunar-trick"], first.port);
      await expect(second).rejects.toBeInstanceOf(CliError);
      await expect(second).rejects.toMatchObject({ exitCode: 1, message: expect.stringMatching(new RegExp(`port ${first.port} .*already in use.*--port`)) });
    } finally {
      await first.close();
    }
  });

  it("`syzygy watch --port <busy>` exits 1 with the hint, before building anything", async () => {
    const first = await startGalleryServer(tempDir("gallery-port"), ["lunar-trick"], 0);
    try {
      const out = tempDir("gallery-port-out");
      const child = spawn(process.execPath, [join(REPO, "bin/syzygy.js"), "watch", "lunar-trick", "--port", String(first.port), "--out", out, "--no-pdf", "--no-png"], { cwd: REPO, stdio: ["ignore", "pipe", "pipe"] });
      let stderr = "";
      child.stderr.on("data", (c: Buffer) => (stderr += c.toString()));
      const code = await new Promise<number | null>((ok) => child.on("exit", ok));
      expect(code).toBe(1);
      expect(stderr).toMatch(new RegExp(`port ${first.port} .*already in use.*--port`));
      expect(stderr).not.toContain("internal error");
      expect(stderr).not.toMatch(/\n\s+at /);
    } finally {
      await first.close();
    }
  }, 60_000);
});

// Issue 24: the server read whole files into memory (3 requests for a 1 GiB file: 3.2 GB).
describe("gallery server: big files are streamed", () => {
  it("three requests for a 1 GiB file answer with its length and leave memory flat; a 3 MiB file arrives whole", async () => {
    const out = tempDir("gallery-big");
    mkdirSync(join(out, "lunar-trick/print"), { recursive: true });
    const big = join(out, "lunar-trick/print/big.pdf");
    writeFileSync(big, "");
    truncateSync(big, 1024 ** 3); // sparse: no disk used
    const mid = Buffer.alloc(3 * 1024 * 1024);
    for (let i = 0; i < mid.length; i++) mid[i] = (i * 7) & 0xff;
    writeFileSync(join(out, "lunar-trick/print/mid.pdf"), mid);
    const server = await startGalleryServer(out, ["lunar-trick"], 0);
    try {
      const before = process.memoryUsage();
      /** The head and the first `want` bytes of the body, then the connection is dropped. */
      const partial = (path: string, want: number): Promise<{ head: string; got: number }> =>
        new Promise((ok, fail) => {
          const socket = connect(server.port, "127.0.0.1");
          let data = Buffer.alloc(0);
          socket.on("data", (c: Buffer) => {
            data = Buffer.concat([data, c]);
            const end = data.indexOf("\r\n\r\n");
            if (end >= 0 && data.length - end - 4 >= want) {
              socket.destroy();
              ok({ head: data.subarray(0, end).toString("latin1"), got: data.length - end - 4 });
            }
          });
          socket.on("error", fail);
          socket.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\nConnection: close\r\n\r\n`);
        });
      const answers = await Promise.all([1, 2, 3].map(() => partial("/lunar-trick/print/big.pdf", 1024 * 1024)));
      for (const a of answers) expect(a.head).toMatch(/Content-Length: 1073741824/);
      const after = process.memoryUsage();
      // Read whole, the three answers would hold 3 GiB; streamed, a few chunks each.
      expect(after.arrayBuffers - before.arrayBuffers).toBeLessThan(256 * 1024 * 1024);
      expect(after.rss - before.rss).toBeLessThan(512 * 1024 * 1024);
      const whole = await partial("/lunar-trick/print/mid.pdf", mid.length);
      expect(whole.head).toMatch(new RegExp(`Content-Length: ${mid.length}`));
      expect(whole.got).toBe(mid.length);
    } finally {
      await server.close();
    }
  });
});
