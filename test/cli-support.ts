/** Running the CLI in tests: in process (stdout/stderr captured) or as one real process. */
import { execFileSync, spawn, spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { vi } from "vitest";
import { main } from "../src/cli";

export const ROOT = join(__dirname, "..");
export const CLI = join(ROOT, "bin/syzygy.js");

export async function run(...argv: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = "";
  let err = "";
  const o = vi.spyOn(process.stdout, "write").mockImplementation((chunk: string | Uint8Array) => {
    out += String(chunk);
    return true;
  });
  const e = vi.spyOn(process.stderr, "write").mockImplementation((chunk: string | Uint8Array) => {
    err += String(chunk);
    return true;
  });
  try {
    const code = await main(argv);
    return { code, out, err };
  } finally {
    o.mockRestore();
    e.mockRestore();
    process.exitCode = undefined;
  }
}

export function spawnCli(args: string[], input?: string) {
  return spawnSync(process.execPath, [CLI, ...args], { cwd: ROOT, input, encoding: "utf8" });
}

export function tempFile(name: string, content: string | Buffer): string {
  const dir = mkdtempSync(join(tmpdir(), "syzygy-cli-"));
  const file = join(dir, name);
  writeFileSync(file, content);
  return file;
}

/** A valid replay request with `extra` merged in, as JSON text. */
export function request(extra: Record<string, unknown> = {}, indent?: number): string {
  return JSON.stringify({ game: "lunar-trick", players: 3, seed: "s", actions: [], ...extra }, null, indent);
}

/** A named pipe that serves `content` to one reader (a writer process is started right away). */
export function mkfifoSync(path: string, content: string): string {
  execFileSync("mkfifo", [path]);
  const writer = spawn(process.execPath, ["-e", `require("fs").writeFileSync(${JSON.stringify(path)}, ${JSON.stringify(content)})`], { stdio: "ignore" });
  writer.unref();
  return path;
}
