#!/usr/bin/env node
// The `syzygy` command: the compiled CLI in dist/. In a clone (the sources beside it), dist/ is
// compiled first whenever a source is newer, so `npx syzygy` never runs stale code; an installed
// package has no sources and starts dist/cli.js directly. The command runs in this process and
// starts nothing that outlives it (`syzygy watch` is the warm path).
import { existsSync } from "node:fs";

const compiler = new URL("../scripts/dist.mjs", import.meta.url);
if (existsSync(compiler)) {
  const { ensureDist } = await import(compiler.href);
  try {
    await ensureDist({ log: process.stderr.isTTY ? (line) => process.stderr.write(`syzygy: ${line}\n`) : undefined });
  } catch (err) {
    process.stderr.write(`syzygy: cannot compile the CLI (dist/):\n${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(1);
  }
}
const { runCli } = await import("../dist/cli.js");
await runCli();
