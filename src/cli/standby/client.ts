/**
 * The caller's side of a standby (src/cli/standby/server.ts): `syzygy build` hands its command
 * line to a waiting standby and relays what it prints and its exit code, or — no standby ready,
 * a busy or outdated one — returns undefined and builds itself. After a build that ran itself, it
 * starts a standby for the next one (`startStandby`). Only node: modules and module-free
 * helpers: bin/syzygy.js loads this before anything else.
 */
import { readdirSync, rmSync } from "node:fs";
import { connect, type Socket } from "node:net";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { exitQuietlyOnBrokenPipe } from "../broken-pipe";
import { launchStandby, parseStandbyFile, standbyDir, standbyFile, standbyKey, standbyWanted } from "./place";
import { lineReader, type Reply, type Request, type Signal } from "./protocol";

const SERVER = new URL(import.meta.url.endsWith(".ts") ? "./server.ts" : "./server.js", import.meta.url);
const SIGNALS: Signal["signal"][] = ["SIGINT", "SIGTERM", "SIGHUP"];
/** The environment this process started with: a build sets variables for itself (raster-memory.ts) that are not the next one's. */
const START_ENV = { ...process.env };

/** `key`'s standbys in `dir`: those listening and those still loading. */
function standbys(dir: string, key: string): { pid: number; kind: "sock" | "starting" }[] {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  return names.map((name) => parseStandbyFile(name, key)).filter((s) => s !== undefined);
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** Removes the files of standbys no longer running (killed, the machine restarted), of any key. */
function sweep(dir: string): void {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return;
  }
  for (const name of names) {
    const file = parseStandbyFile(name);
    if (file !== undefined && !alive(file.pid)) rmSync(join(dir, name), { force: true });
  }
}

function connectTo(path: string): Promise<Socket | undefined> {
  return new Promise((resolve) => {
    const socket = connect(path);
    socket.once("connect", () => resolve(socket));
    socket.once("error", (err: NodeJS.ErrnoException) => {
      // A socket left by a standby that died: nothing listens there any more.
      if (err.code === "ECONNREFUSED") rmSync(path, { force: true });
      resolve(undefined);
    });
  });
}

function requestFor(argv: string[]): Request {
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env)) if (v !== undefined) env[k] = v;
  const stream = (s: NodeJS.WriteStream) => ({ isTTY: s.isTTY === true, ...(s.isTTY === true ? { columns: s.columns } : {}) });
  return { argv, cwd: process.cwd(), env, umask: process.umask(), stdout: stream(process.stdout), stderr: stream(process.stderr) };
}

/**
 * Runs `argv` on one standby: its exit code, or undefined when it did not take the build (busy,
 * outdated, gone before it started). A signal this process gets goes to the build, and this
 * process then ends by it, as one running the build itself would.
 */
function runOn(socket: Socket, request: string): Promise<number | undefined> {
  return new Promise((resolve) => {
    let started = false;
    let exit: number | undefined;
    let signalled: Signal["signal"] | undefined;
    const handlers = SIGNALS.map((signal) => {
      const forward = (): void => {
        signalled = signal;
        socket.write(JSON.stringify({ signal } satisfies Signal) + "\n");
      };
      process.on(signal, forward);
      return [signal, forward] as const;
    });
    const read = lineReader((line) => {
      let reply: Reply;
      try {
        reply = JSON.parse(line) as Reply;
      } catch {
        // Not a standby's answer: whatever listens there is not one of ours.
        socket.destroy();
        return;
      }
      if ("started" in reply) {
        started = true;
        exitQuietlyOnBrokenPipe();
      } else if ("out" in reply) process.stdout.write(reply.out);
      else if ("err" in reply) process.stderr.write(reply.err);
      else if ("exit" in reply) exit = reply.exit;
    });
    socket.on("data", (chunk: Buffer) => {
      if (!read(chunk)) socket.destroy();
    });
    socket.on("error", () => {});
    socket.on("close", () => {
      for (const [signal, forward] of handlers) process.off(signal, forward);
      if (signalled !== undefined && exit === undefined) {
        // The build ended by the signal: so does this process (the shell sees 130 for ^C).
        process.kill(process.pid, signalled);
        return;
      }
      if (exit !== undefined) resolve(exit);
      else if (!started) resolve(undefined);
      else {
        process.stderr.write("syzygy: the standby process running this build stopped before it finished; run the build again\n");
        resolve(1);
      }
    });
    socket.write(request);
  });
}

/**
 * `syzygy <argv>` on a waiting standby, if one can take it: the exit code; undefined when this
 * process should run the command itself.
 */
export async function runOnStandby(argv: string[]): Promise<number | undefined> {
  try {
    return await tryStandbys(argv);
  } catch {
    // Whatever went wrong on the way (a folder gone, a socket refused), this process can build itself.
    return undefined;
  }
}

async function tryStandbys(argv: string[]): Promise<number | undefined> {
  if (!standbyWanted(argv)) return undefined;
  const dir = standbyDir();
  if (dir === undefined) return undefined;
  const key = standbyKey();
  const request = JSON.stringify(requestFor(argv)) + "\n";
  for (const { pid } of standbys(dir, key).filter((s) => s.kind === "sock")) {
    const socket = await connectTo(standbyFile(dir, key, pid, "sock"));
    if (socket === undefined) continue;
    const code = await runOn(socket, request);
    if (code !== undefined) {
      tell(`this build ran on standby process ${pid}`);
      return code;
    }
  }
  tell("no standby was ready: this process runs the build");
  return undefined;
}

/** SYZYGY_STANDBY=verbose: say on stderr which process ran the build and which standby was started. */
function tell(line: string): void {
  if (START_ENV.SYZYGY_STANDBY === "verbose") process.stderr.write(`syzygy: ${line}\n`);
}

/**
 * After a build this process ran itself: start a standby for the next one like it, unless one
 * is waiting or loading. It runs detached, in its own session, and exits when left idle.
 */
export function startStandby(argv: readonly string[]): void {
  if (!standbyWanted(argv, START_ENV)) return;
  const dir = standbyDir();
  if (dir === undefined) return;
  sweep(dir);
  const key = standbyKey(START_ENV);
  if (standbys(dir, key).some((s) => alive(s.pid))) return;
  const pid = launchStandby(fileURLToPath(SERVER), dir, key, START_ENV);
  tell(`started standby process ${pid} for the next build`);
}
