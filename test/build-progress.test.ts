/**
 * Issue 25, item 8: the first `npm run build` compiles for about a minute; it says how far it
 * is (scripts/compile-dist.mjs reports each step and each file type-checked).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
// @ts-expect-error a plain .mjs build script without declarations
import { compileDist } from "../scripts/compile-dist.mjs";

describe("npm run build: progress while compiling", () => {
  it("reports reading, type-checking file by file up to the last, and writing", () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), "syzygy-compile-"));
    fs.mkdirSync(path.join(root, "src"));
    fs.writeFileSync(
      path.join(root, "tsconfig.build.json"),
      JSON.stringify({ compilerOptions: { target: "ES2022", module: "ESNext", moduleResolution: "Bundler", rootDir: ".", outDir: "dist", strict: true, types: [], noLib: false, skipLibCheck: true }, include: ["src/**/*.ts"] }),
    );
    for (const n of ["a", "b", "c"]) fs.writeFileSync(path.join(root, "src", `${n}.ts`), `export const ${n}: number = 1;\n`);
    const steps: [string, number | undefined, number | undefined][] = [];
    const { files } = compileDist(root, (step: string, done?: number, total?: number) => steps.push([step, done, total]));
    expect(files).toBe(3);
    expect(steps[0]).toEqual(["reading the sources", undefined, undefined]);
    const checking = steps.filter((s) => s[0] === "type-checking");
    const total = checking[0][2]!;
    expect(total).toBeGreaterThanOrEqual(3); // the sources and the standard library's declarations
    expect(checking.map((s) => s[1])).toEqual(Array.from({ length: total }, (_, i) => i + 1));
    expect(steps[steps.length - 1]).toEqual(["writing dist/", undefined, undefined]);
    expect(fs.readFileSync(path.join(root, "dist", "a.js"), "utf8")).toContain("export const a = 1");
  }, 60_000);
});
