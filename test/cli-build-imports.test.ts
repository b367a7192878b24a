/**
 * What `syzygy build` loads (a whole build: seconds, so in `npm run test:long`). The quick
 * commands' imports are checked in test/cli-commands.test.ts.
 */
import { mkdtempSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { importsOf } from "./cli-imports";

describe("what a build loads", () => {
  // pdfkit, fontkit and sharp load through their CommonJS builds (~0.1 s and ~0.07 s less than
  // their ES module builds), without what syzygy never asks of them: fontkit's Brotli
  // decoder (WOFF2 fonts, refused) and pdfkit's AES tables (encrypted PDFs) — src/defer-require.ts.
  it("build --no-tts <game>: pdfkit, fontkit and sharp as CommonJS, without the Brotli decoder or the AES tables", () => {
    const out = mkdtempSync(join(tmpdir(), "syzygy-imports-out-"));
    const r = importsOf(["build", "lunar-trick", "--no-tts", "--out", out], { progressOnStderr: true });
    expect(r.packages).toEqual(expect.arrayContaining(["pdfkit", "fontkit", "sharp", "@resvg/resvg-js"]));
    const esmBuilds = r.urls.filter((u) => /\/node_modules\/(pdfkit|fontkit|sharp)\/.*\.mjs$/.test(u));
    expect(esmBuilds).toEqual([]);
    expect(r.urls.filter((u) => u.includes("/node_modules/brotli/dec/") || u.includes("/node_modules/@noble/ciphers/_polyval"))).toEqual([]);
    expect(readdirSync(join(out, "lunar-trick", "cards")).length).toBeGreaterThan(0);
  }, 120_000);

});
