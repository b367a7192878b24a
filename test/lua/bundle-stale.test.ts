/** `npm run build` compiles the Lua bundle only when it is stale (src/lua-host/build.ts --if-stale). */
import { describe, expect, it } from "vitest";
import { execFileSync } from "node:child_process";
import { mkdtempSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { bundleIsStale, BUNDLE_PATH, ensureLuaBundle, REPO_ROOT } from "../../src/lua-host/build";

describe("Lua bundle staleness", () => {
  it("is stale when missing or older than an engine source, fresh when newer", () => {
    const dir = mkdtempSync(join(tmpdir(), "syzygy-bundle-"));
    const file = join(dir, "bundle.lua");
    expect(bundleIsStale(file)).toBe(true);
    writeFileSync(file, "-- test");
    expect(bundleIsStale(file)).toBe(false);
    const old = new Date(Date.UTC(2000, 0, 1));
    utimesSync(file, old, old);
    expect(bundleIsStale(file)).toBe(true);
  });

  it("--if-stale reports an up-to-date bundle without compiling", () => {
    ensureLuaBundle();
    const out = execFileSync(process.execPath, ["--import", "tsx", join(REPO_ROOT, "src/lua-host/build.ts"), "--if-stale"], { cwd: REPO_ROOT, encoding: "utf8" });
    expect(out).toContain("up to date");
    expect(bundleIsStale(BUNDLE_PATH)).toBe(false);
  }, 60_000);
});
