/**
 * Setup file of every test worker: records each temp folder a test makes with fs.mkdtempSync, so
 * that test/setup/temp-dirs.ts removes it when the run ends. Patched once per worker; named
 * imports of node:fs see the patch too (syncBuiltinESMExports).
 */
import fs from "node:fs";
import { syncBuiltinESMExports } from "node:module";
import { inject } from "vitest";

const PATCHED = Symbol.for("syzygy.trackTempDirs");
const holder = globalThis as { [PATCHED]?: boolean };
const list = inject("tempDirList");
if (holder[PATCHED] !== true && typeof list === "string") {
  holder[PATCHED] = true;
  const original = fs.mkdtempSync;
  const tracked = ((prefix: string, options?: unknown) => {
    const dir = original(prefix, options as never) as string;
    fs.appendFileSync(list, `${dir}\n`);
    return dir;
  }) as typeof fs.mkdtempSync;
  fs.mkdtempSync = tracked;
  syncBuiltinESMExports();
}
