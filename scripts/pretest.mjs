// @ts-check
/**
 * What `npm test` needs before vitest starts, as side-by-side processes: the type check (tsc,
 * incremental), the engines' Lua bundle, the compiled CLI (dist/, which the CLI tests run as a
 * user does) and each game's TTS script (dist/lua, stamped with its sources' hash). In a fresh
 * clone each is a compile of its own — tsc alone uses one core for ~20 s — so running them one
 * after another left a core idle for half a minute and put two compiles inside the tests' time.
 * Once built, each is a quick up-to-date check. Every step's output is shown only if it fails.
 */
import { spawn } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
/** @param {string} name */
const bin = (name) => path.join(ROOT, "node_modules", ".bin", name);

/** @type {{ what: string, cmd: string, args: string[] }[]} */
export const STEPS = [
  {
    what: "type check",
    cmd: bin("tsc"),
    args: ["-p", "tsconfig.json", "--noEmit", "--incremental", "--tsBuildInfoFile", "node_modules/.cache/syzygy/tsc.tsbuildinfo"],
  },
  { what: "Lua bundle", cmd: bin("tsx"), args: ["src/lua-host/build.ts", "--if-stale"] },
  { what: "dist/", cmd: process.execPath, args: ["bin/syzygy.js", "--version"] },
  { what: "TTS scripts", cmd: bin("tsx"), args: ["scripts/warm-tts-scripts.ts"] },
];

/** @param {{ what: string, cmd: string, args: string[] }} step @returns {Promise<{ what: string, code: number | null, output: string, ms: number }>} */
function run(step) {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(step.cmd, step.args, { cwd: ROOT, stdio: ["ignore", "pipe", "pipe"] });
    /** @type {Buffer[]} */
    const output = [];
    child.stdout.on("data", (b) => output.push(b));
    child.stderr.on("data", (b) => output.push(b));
    child.on("error", (err) => resolve({ what: step.what, code: 1, output: `${step.cmd}: ${err.message}\n`, ms: 0 }));
    child.on("close", (code) => resolve({ what: step.what, code, output: Buffer.concat(output).toString("utf8"), ms: performance.now() - started }));
  });
}

/** Runs every step at once; the exit code is 1 if any failed. @returns {Promise<number>} */
export async function pretest() {
  const results = await Promise.all(STEPS.map(run));
  const failed = results.filter((r) => r.code !== 0);
  for (const r of failed) process.stderr.write(`\nnpm test: ${r.what} failed:\n${r.output}`);
  process.stdout.write(`npm test: ready (${results.map((r) => `${r.what} ${(r.ms / 1000).toFixed(1)} s`).join(", ")})\n`);
  return failed.length > 0 ? 1 : 0;
}

if (process.argv[1] !== undefined && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) process.exit(await pretest());
