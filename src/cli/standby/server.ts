/**
 * A standby: a `syzygy` process started after a build (client.ts `startStandby`) that loads the
 * build's modules and runs a small build of its own to have their code compiled, then waits on
 * its socket for the next `syzygy build` and runs it as that process would have: in its folder,
 * with its environment, umask and terminal, its output and exit code sent back. One build each:
 * it then starts its successor and exits, so nothing of one build outlives it. A standby nobody
 * calls exits after SYZYGY_STANDBY_IDLE_SECONDS (docs/standby.md).
 * Usage (by client.ts only): node server.js <key>
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Socket } from "node:net";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { setFlagsFromString } from "node:v8";
import { CODE_DIR, PACKAGE_ROOT } from "../../package-root";
import { addFile, same, walk, type Snapshot } from "../../pipeline/file-snapshot";
import { idleSeconds, launchStandby, standbyDir, standbyFile, standbyKey } from "./place";
import { lineReader, type Reply, type Request, type Signal } from "./protocol";

const [key = ""] = process.argv.slice(2);
const dir = standbyDir();
// Started by hand, or not under the settings its key stands for: not a standby anyone would find.
if (dir === undefined || key !== standbyKey()) process.exit(2);

const ownEnv = { ...process.env };
const socketPath = standbyFile(dir, key, process.pid, "sock");
const startingPath = standbyFile(dir, key, process.pid, "starting");
const SIGNALS: readonly NodeJS.Signals[] = ["SIGINT", "SIGTERM", "SIGHUP"];
/** The warm-up game's id (`syzygy new`), in a temporary folder of its own. */
const WARM_UP_GAME = "standby-warm-up";

/**
 * What this process loaded, as files on disk: the code, and the libraries as npm installed them
 * (the lock files, and each dependency's package.json, which an upgrade rewrites).
 */
function codeSnapshot(): Snapshot {
  const snap: Snapshot = {};
  walk(CODE_DIR, snap);
  const fromRoot = createRequire(join(PACKAGE_ROOT, "package.json"));
  const manifest = JSON.parse(readFileSync(join(PACKAGE_ROOT, "package.json"), "utf8")) as { dependencies?: Record<string, string> };
  for (const name of Object.keys(manifest.dependencies ?? {})) {
    try {
      addFile(fromRoot.resolve(`${name}/package.json`), snap);
    } catch {
      snap[`${name}: not found`] = [-1, -1, -1];
    }
  }
  // A clone's lock files, or those of the project that installed syzygy (node_modules/syzygy).
  for (const lock of [join(PACKAGE_ROOT, "package-lock.json"), join(PACKAGE_ROOT, "node_modules", ".package-lock.json"), join(dirname(PACKAGE_ROOT), ".package-lock.json")]) addFile(lock, snap);
  return snap;
}

function send(socket: Socket, reply: Reply): void {
  socket.write(JSON.stringify(reply) + "\n");
}

function leave(code: number): never {
  rmSync(socketPath, { force: true });
  rmSync(startingPath, { force: true });
  process.exit(code);
}

/**
 * Loads what a build loads, then builds a scaffolded deck's PDFs and gallery in a temporary
 * folder: the functions a build runs are compiled once that is done.
 */
async function prepare(): Promise<(argv: string[]) => Promise<number>> {
  const { v8FlagsFor, main } = await import("../../cli");
  for (const flag of v8FlagsFor(["build"])) setFlagsFromString(flag);
  const { Resvg } = await import("@resvg/resvg-js");
  new Resvg('<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"/>').render();
  const { commandNamed } = await import("../commands/index");
  await commandNamed(["build"])?.load();
  await import("../../render/pdf");
  await import("../../render/sharp-library.mjs");
  const scratch = mkdtempSync(join(dir!, "warm-up-"));
  try {
    const data = join(scratch, "data");
    process.chdir(scratch);
    if ((await main(["new", WARM_UP_GAME, "--data", data])) !== 0) throw new Error("warm-up: syzygy new failed");
    if ((await main(["build", WARM_UP_GAME, "--data", data, "--out", join(scratch, "out"), "--paper", "a4", "--no-png", "--no-tts"])) !== 0) throw new Error("warm-up: syzygy build failed");
  } finally {
    process.chdir(dir!);
    rmSync(scratch, { recursive: true, force: true });
  }
  replaceEnv(ownEnv);
  // What the warm-up's commands left for their own process to exit with is not the next build's.
  process.exitCode = undefined;
  return main;
}

/** process.env as `env` (the object itself stays: Node passes its writes on to the C environment). */
function replaceEnv(env: NodeJS.ProcessEnv): void {
  for (const k of Object.keys(process.env)) if (!(k in env)) delete process.env[k];
  Object.assign(process.env, env);
}

/** The caller's process, as far as a command sees it: folder, environment, umask, argv, terminal. */
function becomeCaller(req: Request, socket: Socket): void {
  process.chdir(req.cwd);
  replaceEnv(req.env);
  process.umask(req.umask);
  process.argv = [process.argv[0], process.argv[1], ...req.argv];
  const relay = (stream: NodeJS.WriteStream, as: "out" | "err", tty: Request["stdout"]): void => {
    stream.isTTY = tty.isTTY;
    if (tty.columns !== undefined) stream.columns = tty.columns;
    stream.write = ((chunk: string | Uint8Array, encoding?: unknown, done?: unknown) => {
      const text = typeof chunk === "string" ? chunk : Buffer.from(chunk).toString("utf8");
      send(socket, as === "out" ? { out: text } : { err: text });
      const callback = typeof encoding === "function" ? encoding : done;
      if (typeof callback === "function") process.nextTick(callback as () => void);
      return true;
    }) as typeof stream.write;
  };
  relay(process.stdout, "out", req.stdout);
  relay(process.stderr, "err", req.stderr);
}

function isRequest(x: unknown): x is Request {
  const r = x as Request;
  const stream = (s: unknown): boolean => typeof s === "object" && s !== null && typeof (s as Request["stdout"]).isTTY === "boolean";
  return (
    typeof r === "object" &&
    r !== null &&
    Array.isArray(r.argv) &&
    r.argv.every((a) => typeof a === "string") &&
    typeof r.cwd === "string" &&
    typeof r.env === "object" &&
    r.env !== null &&
    Object.values(r.env).every((v) => typeof v === "string") &&
    Number.isInteger(r.umask) &&
    stream(r.stdout) &&
    stream(r.stderr)
  );
}

/** The next standby, from this process's own environment (not the caller's). */
function startSuccessor(): void {
  launchStandby(fileURLToPath(import.meta.url), dir!, key, ownEnv);
}

async function serve(socket: Socket, msg: unknown, main: (argv: string[]) => Promise<number>, code: Snapshot): Promise<void> {
  if (!isRequest(msg)) leave(1);
  if (!same(codeSnapshot(), code)) {
    // dist/ was rebuilt since this process loaded it: the caller runs the new code itself.
    socket.removeAllListeners("close");
    send(socket, { stale: true });
    socket.end(() => leave(0));
    return;
  }
  becomeCaller(msg, socket);
  send(socket, { started: true });
  const exitCode = await main(msg.argv);
  // As a process would: done once nothing is left to run (workers closing, files flushing).
  socket.unref();
  process.once("beforeExit", () => {
    socket.removeAllListeners("close");
    socket.ref();
    // Before the caller hears the exit code: a build that follows at once finds the successor loading.
    startSuccessor();
    send(socket, { exit: exitCode });
    socket.end(() => process.exit(exitCode));
  });
}

function listen(main: (argv: string[]) => Promise<number>, code: Snapshot): void {
  let taken = false;
  const server = createServer();
  const idle = setTimeout(() => {
    server.close();
    leave(0);
  }, idleSeconds() * 1000);
  server.on("connection", (socket) => {
    if (taken) {
      send(socket, { busy: true });
      socket.end();
      return;
    }
    taken = true;
    clearTimeout(idle);
    for (const signal of SIGNALS) process.off(signal, stopWaiting);
    server.close();
    rmSync(socketPath, { force: true });
    let request: unknown;
    const read = lineReader((line) => {
      let msg: unknown;
      try {
        msg = JSON.parse(line);
      } catch {
        leave(1);
      }
      if (request === undefined) {
        request = msg;
        void serve(socket, msg, main, code);
      } else {
        const signal = (msg as Signal).signal;
        // The caller got a signal: the build gets it, as it would have in the caller's process.
        if (SIGNALS.includes(signal as NodeJS.Signals)) process.kill(process.pid, signal);
      }
    });
    socket.on("data", (chunk: Buffer) => {
      if (!read(chunk)) leave(1);
    });
    socket.on("error", () => {});
    // The caller went away (killed, its terminal closed): stop as a build killed so would.
    socket.on("close", () => process.kill(process.pid, "SIGTERM"));
  });
  server.on("error", () => leave(1));
  server.listen(socketPath, () => rmSync(startingPath, { force: true }));
}

// Stopped while waiting (kill, logout): leave no socket behind. A build it runs gets the
// default handling, as in the caller's own process (listen() takes these off first).
const stopWaiting = (): void => leave(0);
for (const signal of SIGNALS) process.on(signal, stopWaiting);

// The socket is a door into this user's builds: no one else's (the folder is 0700 too).
process.umask(0o077);
writeFileSync(startingPath, "");
process.chdir(dir);
const code = codeSnapshot();
prepare().then(
  (main) => listen(main, code),
  () => leave(1),
);
