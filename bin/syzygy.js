#!/usr/bin/env node
// Runs the TypeScript CLI through tsx so `npx syzygy` works right after `npm ci`, with no build step.
import { register } from "tsx/esm/api";
register();
const { runCli } = await import("../src/cli.ts");
runCli();
