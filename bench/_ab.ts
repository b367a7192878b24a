import { mkdtempSync, rmSync, appendFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { runOnce } from "./startup";
const rounds = Number(process.argv[2] ?? 3);
const trees = { base: "/tmp/perf-basewt", new: "/tmp/perf-newwt" };
const log = "/tmp/perf/ab.jsonl";
for (let i = 0; i < rounds; i++) {
  const order: [keyof typeof trees, boolean][] = i % 2 === 0 ? [["base", true], ["new", true], ["base", false], ["new", false]] : [["new", false], ["base", false], ["new", true], ["base", true]];
  for (const [tree, tts] of order) {
    const out = mkdtempSync(join(tmpdir(), "ab-out-"));
    const r = runOnce(["node", join(trees[tree], "bin/syzygy.js"), "build", ...(tts ? [] : ["--no-tts"]), "--out", out], trees[tree]);
    rmSync(out, { recursive: true, force: true });
    appendFileSync(log, JSON.stringify({ round: i, tree, tts, ...r, load: loadavg()[0] }) + "\n");
  }
}
