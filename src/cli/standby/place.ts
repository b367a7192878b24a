/**
 * Where a build's standby process waits, and which standby a command line may use. A standby
 * (src/cli/standby/server.ts) is a `syzygy` process that has already loaded the build's modules
 * and waits on a Unix socket for one `syzygy build` to run (docs/standby.md). It can only run a
 * command line the way a fresh process would if it runs the same code under the same Node with
 * the same settings that act while modules load: those make its key. Everything else of the
 * caller (folder, environment, umask, terminal) travels with the request.
 * Only node: modules here: the client runs this before anything else is loaded.
 */
import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { lstatSync, mkdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { CODE_DIR } from "../../package-root";

/** How long a standby waits for a build before it exits (SYZYGY_STANDBY_IDLE_SECONDS overrides). */
export const DEFAULT_IDLE_SECONDS = 600;

/** Environment variables that act while modules load (Node, libvips, the allocators, the loader, syzygy's own). */
const LOAD_TIME_ENV = /^(NODE_|UV_|VIPS_|SHARP_|MALLOC_|MIMALLOC_|LD_|GLIBC_|SYZYGY_)/;

/**
 * Whether `argv` (what follows `syzygy`) may run on a standby: `build` only; not when turned off,
 * and not under fault injection (src/fault.ts), which stands for the death of the build's own process.
 */
export function standbyWanted(argv: readonly string[], env: NodeJS.ProcessEnv = process.env): boolean {
  return argv[0] === "build" && !OFF.includes((env.SYZYGY_STANDBY ?? "").toLowerCase()) && env.SYZYGY_FAULT === undefined && process.platform !== "win32";
}

/** SYZYGY_STANDBY values that turn standbys off ("0" is the documented one). */
const OFF = ["0", "off", "false", "no"];

/** Seconds a standby waits for its build. */
export function idleSeconds(env: NodeJS.ProcessEnv = process.env): number {
  const s = Number(env.SYZYGY_STANDBY_IDLE_SECONDS);
  return Number.isFinite(s) && s > 0 ? s : DEFAULT_IDLE_SECONDS;
}

/**
 * The standbys' folder, private to this user: made 0700 if missing, refused (undefined) if it is
 * anything else — a link, another user's, open to others — so no one else can plant a socket there.
 */
export function standbyDir(): string | undefined {
  const uid = process.getuid?.();
  if (uid === undefined) return undefined;
  const dir = join(tmpdir(), `syzygy-standby-${uid}`);
  try {
    mkdirSync(dir, { mode: 0o700 });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "EEXIST") return undefined;
  }
  try {
    const s = lstatSync(dir);
    return s.isDirectory() && s.uid === uid && (s.mode & 0o077) === 0 ? dir : undefined;
  } catch {
    return undefined;
  }
}

/** The key of the standbys a build may use or start: code, Node, its flags, the load-time environment. */
export function standbyKey(env: NodeJS.ProcessEnv = process.env): string {
  const loadEnv = Object.keys(env)
    .filter((k) => LOAD_TIME_ENV.test(k) && !k.startsWith("SYZYGY_STANDBY"))
    .sort()
    .map((k) => `${k}=${env[k]}`);
  const what = JSON.stringify({ code: CODE_DIR, node: process.execPath, version: process.version, flags: process.execArgv, env: loadEnv });
  return createHash("sha256").update(what).digest("hex").slice(0, 16);
}

/**
 * A standby's files in the folder: <key>-<pid>.sock, where it listens once ready, and
 * <key>-<pid>.starting while it loads (so a second build does not start a second standby).
 */
export function standbyFile(dir: string, key: string, pid: number, kind: "sock" | "starting"): string {
  return join(dir, `${key}-${pid}.${kind}`);
}

/** The pid and kind in a standby file's name when it is one of `key`'s (of any key without one). */
export function parseStandbyFile(name: string, key?: string): { pid: number; kind: "sock" | "starting" } | undefined {
  const m = /^([0-9a-f]+)-([1-9][0-9]*)\.(sock|starting)$/.exec(name);
  return m !== null && (key === undefined || m[1] === key) ? { pid: Number(m[2]), kind: m[3] as "sock" | "starting" } : undefined;
}

/**
 * Starts a standby (`server`, for `key`) detached, in its own session, and marks it as loading
 * before returning: whoever looks next (a build that follows at once, a test clearing standbys)
 * sees it, though the new process has not run a line yet. The standby writes the same marker
 * itself and removes it once it listens; a marker whose process died is swept (client.ts).
 */
export function launchStandby(server: string, dir: string, key: string, env: NodeJS.ProcessEnv): number | undefined {
  const child = spawn(process.execPath, [...process.execArgv, "--", server, key], { detached: true, stdio: "ignore", cwd: dir, env });
  child.on("error", () => {});
  child.unref();
  if (child.pid !== undefined) writeFileSync(standbyFile(dir, key, child.pid, "starting"), "", { mode: 0o600 });
  return child.pid;
}
