#!/usr/bin/env node
// The `syzygy` command: the compiled CLI in dist/. In a clone (the sources beside it), dist/ is
// compiled first whenever a source is newer, so `npx syzygy` never runs stale code; an installed
// package has no sources and starts dist/cli.js directly. A `syzygy build` goes to a waiting
// standby process when there is one (dist/cli/standby/, docs/standby.md), which has the build's
// modules loaded already; else this process runs it.
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
const argv = process.argv.slice(2);
const standby = argv[0] === "build" && process.env.SYZYGY_STANDBY !== "0" ? await import("../dist/cli/standby/client.js") : undefined;
const served = await standby?.runOnStandby(argv);
if (served !== undefined) process.exitCode = served;
else {
  const { runCli } = await import("../dist/cli.js");
  await runCli();
  // The next `syzygy build` finds the build's modules loaded and compiled.
  standby?.startStandby(argv);
}
