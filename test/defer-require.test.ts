/**
 * src/defer-require.ts: what fontkit and pdfkit load for work syzygy never asks of them stays
 * unloaded until used — and still works when used. Each case runs in a fresh process (require's
 * cache is the process's), loading the libraries as the PDFs do (src/render/pdf-libraries.ts).
 */
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";

const ROOT = join(import.meta.dirname, "..");

/** Runs `body` (an ES module's text, `libs` bound to src/render/pdf-libraries.ts) in a new process; returns what it prints. */
function inFreshProcess(body: string): string {
  const libs = pathToFileURL(join(ROOT, "src/render/pdf-libraries.ts")).href;
  const code = `import { createRequire } from "node:module";
const require = createRequire(${JSON.stringify(join(ROOT, "package.json"))});
// The stand-ins sit under the real modules' names: look for files only the real ones load.
const loaded = (part) => Object.keys(require.cache).some((f) => f.includes(part));
const libs = await import(${JSON.stringify(libs)});
${body}`;
  const p = spawnSync(process.execPath, ["--import", "tsx", "--input-type=module", "-e", code], { cwd: ROOT, encoding: "utf8" });
  expect(p.stderr).toBe("");
  expect(p.status).toBe(0);
  return p.stdout.trim();
}

describe("modules deferred until used (src/defer-require.ts)", () => {
  it("loading pdfkit and fontkit leaves the Brotli decoder and the AES tables unloaded", () => {
    const out = inFreshProcess(`console.log(JSON.stringify({ pdfkit: typeof libs.PDFDocument, fontkit: typeof libs.fontkit.create, brotli: loaded("/brotli/dec/"), aes: loaded("/@noble/ciphers/_polyval") }));`);
    expect(JSON.parse(out)).toEqual({ pdfkit: "function", fontkit: "function", brotli: false, aes: false });
  });

  it("the Brotli stand-in decodes what node:zlib encoded, loading the real decoder then", () => {
    const out = inFreshProcess(`const { brotliCompressSync } = await import("node:zlib");
const fromFontkit = createRequire(require.resolve("fontkit"));
const decompress = fromFontkit("brotli/decompress.js");
const text = "syzygy ".repeat(200);
const back = Buffer.from(decompress(brotliCompressSync(Buffer.from(text)))).toString();
console.log(JSON.stringify({ same: back === text, brotli: loaded("/brotli/dec/") }));`);
    expect(JSON.parse(out)).toEqual({ same: true, brotli: true });
  });

  it("pdfkit still writes an encrypted PDF through the AES stand-in", () => {
    const out = inFreshProcess(`const doc = new libs.PDFDocument({ userPassword: "moon", pdfVersion: "1.7ext3" });
const chunks = [];
doc.on("data", (c) => chunks.push(c));
const done = new Promise((resolve) => doc.on("end", resolve));
doc.text("eclipse");
doc.end();
await done;
const pdf = Buffer.concat(chunks).toString("latin1");
console.log(JSON.stringify({ encrypted: /\\/Encrypt \\d+ 0 R/.test(pdf) && /\\/V 5/.test(pdf), aes: loaded("/@noble/ciphers/_polyval") }));`);
    expect(JSON.parse(out)).toEqual({ encrypted: true, aes: true });
  });
});
