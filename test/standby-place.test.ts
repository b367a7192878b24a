/**
 * Which standby a build may use (src/cli/standby/place.ts), the folder it may trust, and the
 * socket's line protocol — without processes (test/standby.test.ts runs real ones).
 */
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { launchStandby, parseStandbyFile, standbyDir, standbyFile, standbyKey, standbyWanted } from "../src/cli/standby/place";
import { lineReader } from "../src/cli/standby/protocol";

const savedTmp = process.env.TMPDIR;
afterEach(() => {
  if (savedTmp === undefined) delete process.env.TMPDIR;
  else process.env.TMPDIR = savedTmp;
});

describe("a standby's key", () => {
  const env = { PATH: "/usr/bin", HOME: "/home/u", NODE_OPTIONS: "--max-old-space-size=512" };

  it("is the same for the same code, Node and load-time settings, whatever else the caller's environment holds", () => {
    expect(standbyKey(env)).toBe(standbyKey({ ...env, PATH: "/bin", EDITOR: "vi", SYZYGY_STANDBY_IDLE_SECONDS: "5", SYZYGY_STANDBY: "verbose" }));
  });

  it("changes with what acts while modules load: Node's options, libvips', the allocators', syzygy's own", () => {
    const base = standbyKey(env);
    for (const change of [{ NODE_OPTIONS: "" }, { VIPS_CONCURRENCY: "1" }, { MIMALLOC_PURGE_DELAY: "0" }, { MALLOC_ARENA_MAX: "2" }, { SYZYGY_FAULT: "x" }, { UV_THREADPOOL_SIZE: "8" }]) {
      expect(standbyKey({ ...env, ...change }), JSON.stringify(change)).not.toBe(base);
    }
  });
});

describe("which command lines a standby takes", () => {
  it("takes `build` only, and none when SYZYGY_STANDBY=0 or under fault injection (the build's own process dies there)", () => {
    expect(standbyWanted(["build", "eclipsed"], {})).toBe(true);
    expect(standbyWanted(["build"], { SYZYGY_STANDBY: "verbose" })).toBe(true);
    for (const off of ["0", "off", "false", "no", "OFF"]) expect(standbyWanted(["build"], { SYZYGY_STANDBY: off }), off).toBe(false);
    expect(standbyWanted(["build"], { SYZYGY_STANDBY: "1" })).toBe(true);
    expect(standbyWanted(["build"], { SYZYGY_FAULT: "kill:write" })).toBe(false);
    for (const argv of [["validate"], ["watch"], ["tts", "eclipsed"], [], ["--help"]]) expect(standbyWanted(argv, {}), argv.join(" ")).toBe(false);
  });
});

describe("the standbys' folder", () => {
  it("is made private to this user, and used", () => {
    process.env.TMPDIR = mkdtempSync(join(tmpdir(), "syzygy-standby-place-"));
    const dir = standbyDir();
    expect(dir).toBe(join(process.env.TMPDIR, `syzygy-standby-${process.getuid!()}`));
  });

  it("is refused when others may write to it, or it is a link", () => {
    const open = mkdtempSync(join(tmpdir(), "syzygy-standby-place-"));
    mkdirSync(join(open, `syzygy-standby-${process.getuid!()}`));
    chmodSync(join(open, `syzygy-standby-${process.getuid!()}`), 0o777);
    process.env.TMPDIR = open;
    expect(standbyDir()).toBeUndefined();

    const linked = mkdtempSync(join(tmpdir(), "syzygy-standby-place-"));
    const target = mkdtempSync(join(tmpdir(), "syzygy-standby-place-"));
    symlinkSync(target, join(linked, `syzygy-standby-${process.getuid!()}`));
    process.env.TMPDIR = linked;
    expect(standbyDir()).toBeUndefined();
  });

  it("names each standby's socket and loading marker by key and pid, and reads them back", () => {
    const key = standbyKey({});
    const sock = standbyFile("/d", key, 4242, "sock");
    expect(sock).toBe(`/d/${key}-4242.sock`);
    expect(parseStandbyFile(`${key}-4242.sock`, key)).toEqual({ pid: 4242, kind: "sock" });
    expect(parseStandbyFile(`${key}-7.starting`, key)).toEqual({ pid: 7, kind: "starting" });
    expect(parseStandbyFile(`${key}-7.starting`, standbyKey({ NODE_OPTIONS: "--max-old-space-size=512" }))).toBeUndefined();
    for (const name of [`${key}-0.sock`, `${key}-12.sock.tmp`, `${key}--1.sock`, "warm-up-abc", `${key}-12`]) expect(parseStandbyFile(name, key), name).toBeUndefined();
  });

  it("marks a standby it starts as loading before returning, so the next look finds it however slow it starts", () => {
    process.env.TMPDIR = mkdtempSync(join(tmpdir(), "syzygy-place-"));
    const dir = standbyDir()!;
    const key = standbyKey({});
    // A script that does nothing: what counts is the marker the starter leaves, not the process.
    const script = join(dir, "nothing.js");
    writeFileSync(script, "");
    const pid = launchStandby(script, dir, key, { PATH: process.env.PATH });
    expect(pid).toBeGreaterThan(0);
    expect(readdirSync(dir).map((n) => parseStandbyFile(n, key)).filter((f) => f !== undefined)).toEqual([{ pid, kind: "starting" }]);
  });
});

describe("the socket's lines", () => {
  it("come whole however the bytes are cut, a character split between chunks too", () => {
    const lines: string[] = [];
    const read = lineReader((l) => lines.push(l));
    const bytes = Buffer.from('{"out":"☀ Solar Eclipse — bid"}\n{"exit":0}\n');
    for (let i = 0; i < bytes.length; i += 3) expect(read(bytes.subarray(i, i + 3))).toBe(true);
    expect(lines.map((l) => JSON.parse(l))).toEqual([{ out: "☀ Solar Eclipse — bid" }, { exit: 0 }]);
  });

  it("refuses a line longer than any request", () => {
    const read = lineReader(() => {});
    expect(read(Buffer.alloc(5 * 1024 * 1024, 0x61))).toBe(false);
  });
});
