/**
 * The standby (src/cli/standby/, docs/standby.md) as a user meets it: real `syzygy build`
 * processes from bin/syzygy.js, each in a shell with its own umask, a private TMPDIR (so these
 * standbys are the test's alone), SYZYGY_STANDBY=verbose (each build says which process ran it).
 * A build run on a standby must be the build the caller's own process would have run: same
 * files, bytes, modes, output, exit code; a ^C or a kill of the caller stops it.
 */
import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync, readdirSync, statSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CLI, ROOT } from "./cli-support";

const GAME = "standby-deck";
let root: string;
let standbyTmp: string;
let deckFile: string;
let original: string;

interface Ran {
  code: number | null;
  signal: NodeJS.Signals | null;
  out: string;
  err: string;
}

/** `syzygy <args>` in a shell with umask 027, from `root`; `standby` false turns standbys off for it. */
function syzygy(args: string[], opts: { standby?: boolean; env?: Record<string, string>; onStderr?: (text: string, pid: number) => void } = {}): Promise<Ran> {
  const env: NodeJS.ProcessEnv = { ...process.env, TMPDIR: standbyTmp, SYZYGY_STANDBY: opts.standby === false ? "0" : "verbose", ...opts.env };
  // exec: the shell becomes the node process, so a signal sent to the child reaches syzygy.
  const script = `umask 027; exec "$0" "$@"`;
  const child = spawn("sh", ["-c", script, process.execPath, CLI, ...args], { cwd: root, env });
  let out = "";
  let err = "";
  child.stdout.on("data", (b: Buffer) => (out += b.toString()));
  child.stderr.on("data", (b: Buffer) => {
    err += b.toString();
    opts.onStderr?.(err, child.pid!);
  });
  return new Promise((resolve) => child.on("close", (code, signal) => resolve({ code, signal, out, err })));
}

/** The test's standbys: pid → "sock" (waiting) or "starting". */
function standbys(): Map<number, string> {
  const dir = join(standbyTmp, `syzygy-standby-${process.getuid!()}`);
  const found = new Map<number, string>();
  for (const name of existsSync(dir) ? readdirSync(dir) : []) {
    const m = /^[0-9a-f]+-(\d+)\.(sock|starting)$/.exec(name);
    if (m !== null) found.set(Number(m[1]), m[2]);
  }
  return found;
}

function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function until(what: string, done: () => boolean, ms = 60_000): Promise<void> {
  const end = Date.now() + ms;
  while (!done()) {
    if (Date.now() > end) throw new Error(`timed out waiting: ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The pid of a standby waiting on its socket (waits for one to be ready; for `only`, that one). */
async function waitingStandby(only?: number): Promise<number> {
  let pid: number | undefined;
  await until("a standby waiting on its socket", () => {
    pid = [...standbys()].find(([p, kind]) => kind === "sock" && (only === undefined || p === only))?.[0];
    return pid !== undefined;
  });
  return pid!;
}

/**
 * path → "sha256:mode" of every published output file: the build's own bookkeeping at the top
 * (.cache, holding absolute paths and times; .staging and .syzygy.lock, which a killed build
 * leaves for the next to clear) left out.
 */
function outputs(out: string): Record<string, string> {
  const files: Record<string, string> = {};
  const walk = (dir: string): void => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const p = join(dir, e.name);
      if (dir === out && e.name.startsWith(".")) continue;
      if (e.isDirectory()) walk(p);
      else files[relative(out, p)] = `${createHash("sha256").update(readFileSync(p)).digest("hex")}:${(statSync(p).mode & 0o777).toString(8)}`;
    }
  };
  walk(out);
  return files;
}

/**
 * stdout or stderr without what differs between two runs anyway: the out folder's name, timings,
 * the verbose lines; sorted, as the PNG and PDF progress lines interleave as the threads go.
 */
function comparable(text: string, out: string): string {
  return text
    .split("\n")
    .filter((l) => !l.startsWith("syzygy: this build ran on") && !l.startsWith("syzygy: no standby") && !l.startsWith("syzygy: started standby"))
    .map((l) => l.replaceAll(out, "OUT").replace(/\((svg|png|pdf) [^)]*\)/g, "(timings)"))
    .sort()
    .join("\n");
}

/** A standby waiting: the one there is, or one a build starts. */
async function ensureStandby(): Promise<number> {
  if (![...standbys()].some(([pid]) => running(pid))) {
    const r = await syzygy(build("out-warm"));
    expect(r.code, r.err).toBe(0);
  }
  return waitingStandby();
}

function editCards(label: string, every = false): void {
  const pattern = /(\n {2}- id: [^\n]+\n(?: {4}[^\n]*\n)*?)( {4}index:)/;
  writeFileSync(deckFile, every ? original.replace(new RegExp(pattern.source, "g"), `$1    text: "${label}"\n$2`) : original.replace(pattern, `$1    text: "${label}"\n$2`));
}

/** A build (on a standby) whose caller gets `signal` once the standby is rasterising. */
async function buildStoppedBy(signal: NodeJS.Signals, out: string): Promise<Ran> {
  let sent = false;
  const ran = await syzygy(build(out), {
    onStderr: (err, pid) => {
      if (!sent && /PNG \d+\/\d+/.test(err)) {
        sent = true;
        process.kill(pid, signal);
      }
    },
  });
  expect(sent).toBe(true);
  return ran;
}

const build = (out: string, ...extra: string[]): string[] => ["build", GAME, "--data", "data", "--paper", "a4", "--no-tts", "--out", out, ...extra];

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), "syzygy-standby-"));
  standbyTmp = mkdtempSync(join(tmpdir(), "syzygy-standby-tmp-"));
  const made = await syzygy(["new", GAME, "--data", "data"], { standby: false });
  expect(made.code, made.err).toBe(0);
  deckFile = join(root, "data", GAME, "deck.yaml");
  original = readFileSync(deckFile, "utf8");
}, 120_000);

afterAll(async () => {
  for (const pid of standbys().keys()) if (running(pid)) process.kill(pid, "SIGTERM");
  await until("the test's standbys stopped", () => [...standbys().keys()].every((pid) => !running(pid)), 10_000);
});

describe("a build on a standby", () => {
  it("is the build the caller's own process makes: files, bytes, modes, output and exit code", async () => {
    // Both folders built once by the callers' own processes; then the same edit rebuilt in each.
    expect((await syzygy(build("out-a"), { standby: false })).code).toBe(0);
    const first = await syzygy(build("out-b"));
    expect(first.code, first.err).toBe(0);
    expect(first.err).toContain("syzygy: no standby was ready: this process runs the build");
    expect(first.err).toMatch(/syzygy: started standby process \d+ for the next build/);
    const standby = await waitingStandby();

    editCards("Edited on a standby");
    const local = await syzygy(build("out-a"), { standby: false });
    const served = await syzygy(build("out-b"));
    expect(served.err).toContain(`syzygy: this build ran on standby process ${standby}`);
    expect([served.code, local.code]).toEqual([0, 0]);
    expect(comparable(served.out, "out-b")).toBe(comparable(local.out, "out-a"));
    expect(comparable(served.err, "out-b")).toBe(comparable(local.err, "out-a"));
    // The caller's umask (027), not the standby's own (077): modes 640 and 750.
    const a = outputs(join(root, "out-a"));
    expect(Object.keys(a).length).toBeGreaterThan(50);
    expect(Object.values(a).every((v) => v.endsWith(":640"))).toBe(true);
    expect(outputs(join(root, "out-b"))).toEqual(a);
    // One build each: its successor is known before the caller returns (so a build right after,
    // or a sweep, sees it), the used one is gone, and the successor waits.
    expect([...standbys().keys()].filter((pid) => pid !== standby && running(pid))).toHaveLength(1);
    await until("the used standby exited", () => !running(standby));
    expect(await waitingStandby()).not.toBe(standby);
  }, 180_000);

  it("sees the caller's terminal: progress updates one line in place, as in the caller's own process", async () => {
    const standby = await ensureStandby();
    editCards("On a terminal");
    // util-linux script(1) runs the build on a pseudo-terminal and copies what it shows.
    const onTerminal = (standbyEnv: string): Promise<Ran> => {
      const command = `SYZYGY_STANDBY=${standbyEnv} TMPDIR='${standbyTmp}' '${process.execPath}' '${CLI}' ${build("out-b").join(" ")}`;
      const child = spawn("script", ["-qec", command, "/dev/null"], { cwd: root, env: process.env });
      let out = "";
      child.stdout.on("data", (b: Buffer) => (out += b.toString()));
      return new Promise((resolve) => child.on("close", (code, signal) => resolve({ code, signal, out, err: "" })));
    };
    const served = await onTerminal("verbose");
    expect(served.code, served.out).toBe(0);
    expect(served.out).toContain(`ran on standby process ${standby}`);
    expect(served.out).toContain("\r\x1b[K");
    writeFileSync(deckFile, original);
    const local = await onTerminal("0");
    expect(local.code, local.out).toBe(0);
    expect(local.out).toContain("\r\x1b[K");
  }, 180_000);

  it("fails as the caller's own process would: bad data (exit 1) and a usage error (exit 2)", async () => {
    writeFileSync(deckFile, original.replace(/\n {2}- id: /, "\n  - id: [unclosed\n  - id: "));
    for (const args of [build("out-b"), build("out-b", "--paper", "a5")]) {
      const standby = await waitingStandby();
      const local = await syzygy(args, { standby: false });
      const served = await syzygy(args);
      expect(served.err).toContain(`ran on standby process ${standby}`);
      expect(local.code).not.toBe(0);
      expect(served.code).toBe(local.code);
      expect(comparable(served.err, "out-b")).toBe(comparable(local.err, "out-b"));
      expect(served.out).toBe(local.out);
    }
    writeFileSync(deckFile, original);
  }, 180_000);

  it("is stopped by the caller's ^C, leaving the last complete outputs", async () => {
    // A complete build first, then every card edited: a long rebuild to interrupt.
    const standby = await waitingStandby();
    editCards("Before the interrupt", true);
    const before = await syzygy(build("out-b"));
    expect(before.code, before.err).toBe(0);
    expect(before.err).toContain(`ran on standby process ${standby}`);
    const kept = outputs(join(root, "out-b"));
    const next = await waitingStandby();
    editCards("Interrupted", true);
    const interrupted = await buildStoppedBy("SIGINT", "out-b");
    expect(interrupted.signal).toBe("SIGINT");
    await until("the interrupted standby exited", () => !running(next));
    expect(outputs(join(root, "out-b"))).toEqual(kept);
    // The next build clears what the interrupted one left, as after a ^C of a build in its own process.
    writeFileSync(deckFile, original);
    const after = await syzygy(build("out-b"), { standby: false });
    expect(after.code, after.err).toBe(0);
    expect(existsSync(join(root, "out-b", ".staging"))).toBe(false);
  }, 180_000);

  it("is stopped when its caller is killed outright (SIGKILL: no signal to forward, only the socket closing)", async () => {
    const standby = await ensureStandby();
    editCards("Killed", true);
    const killed = await buildStoppedBy("SIGKILL", "out-k");
    expect(killed.signal).toBe("SIGKILL");
    await until("the orphaned standby exited", () => !running(standby), 20_000);
    expect(existsSync(join(root, "out-k", "standby-deck"))).toBe(false);
    writeFileSync(deckFile, original);
  }, 180_000);

  it.each([
    ["its code was rebuilt", "dist/cli/standby/protocol.js"],
    ["a library it loaded was upgraded", "node_modules/yazl/package.json"],
  ])("is not used once %s: the caller builds itself", async (_what, file) => {
    const standby = await ensureStandby();
    const changed = join(ROOT, file);
    const { atime, mtime } = statSync(changed);
    // As a recompile or an upgrade would: the file changes under the waiting process (its time put back after).
    utimesSync(changed, atime, new Date(mtime.getTime() + 1000));
    try {
      const r = await syzygy(build("out-b"));
      expect(r.code, r.err).toBe(0);
      expect(r.err).toContain("syzygy: no standby was ready: this process runs the build");
    } finally {
      utimesSync(changed, atime, mtime);
    }
    await until("the outdated standby exited", () => !running(standby));
  }, 180_000);

  it("serves one build at a time: a second build at once runs in its own process", async () => {
    const standby = await ensureStandby();
    editCards("Two at once");
    const [x, y] = await Promise.all([syzygy(build("out-x")), syzygy(build("out-y"))]);
    expect([x.code, y.code]).toEqual([0, 0]);
    const onStandby = [x, y].filter((r) => r.err.includes(`ran on standby process ${standby}`));
    expect(onStandby).toHaveLength(1);
    expect(outputs(join(root, "out-x"))).toEqual(outputs(join(root, "out-y")));
    writeFileSync(deckFile, original);
  }, 180_000);

  it("left waiting, exits after SYZYGY_STANDBY_IDLE_SECONDS and removes its socket", async () => {
    // A load-time variable of syzygy's own makes a key no earlier test's standby has.
    const env = { SYZYGY_STANDBY_IDLE_SECONDS: "2", SYZYGY_TEST_KEY: "idle" };
    const before = new Set(standbys().keys());
    const r = await syzygy(build("out-b"), { env });
    expect(r.code, r.err).toBe(0);
    expect(r.err).toContain("syzygy: no standby was ready: this process runs the build");
    const started = Number(/started standby process (\d+)/.exec(r.err)?.[1]);
    expect(before.has(started)).toBe(false);
    const standby = await waitingStandby(started);
    await until("the idle standby exited", () => !running(standby), 20_000);
    expect(standbys().has(standby)).toBe(false);
  }, 180_000);
});
