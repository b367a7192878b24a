/**
 * Issue 25, item 8: the first `npm run build` compiles dist/; it says how far it is
 * (scripts/compile-dist.mjs reports each step and each file compiled). It compiles file by file
 * (tsc type-checks in npm test; tsconfig.json's isolatedModules keeps the two alike).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
// @ts-expect-error a plain .mjs build script without declarations
import { compileDist } from "../scripts/compile-dist.mjs";

describe("npm run build: progress while compiling", () => {
  it("reports reading, compiling file by file up to the last, and writing", () => {
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
    const compiling = steps.filter((s) => s[0] === "compiling");
    expect(compiling).toEqual([1, 2, 3].map((n) => ["compiling", n, 3]));
    expect(steps[steps.length - 1]).toEqual(["writing dist/", undefined, undefined]);
    expect(fs.readFileSync(path.join(root, "dist", "a.js"), "utf8")).toContain("export const a = 1");
  }, 60_000);

  function project(files: Record<string, string>): string {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), "syzygy-compile-"));
    fs.writeFileSync(
      path.join(root, "tsconfig.build.json"),
      JSON.stringify({ compilerOptions: { target: "ES2022", module: "ESNext", moduleResolution: "Bundler", rootDir: ".", outDir: "dist", strict: true, types: [], skipLibCheck: true }, include: ["src/**/*.ts"] }),
    );
    for (const [rel, text] of Object.entries(files)) {
      fs.mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
      fs.writeFileSync(path.join(root, rel), text);
    }
    return root;
  }

  it("compiles what a source imports from outside src/ at its own path, imports pointing at .js files, types gone", () => {
    const root = project({
      "src/a.ts": `import type { T } from "./t";\nimport { glue } from "../mods/glue";\nexport const a: T = glue();\n`,
      "src/t.ts": "export type T = number;\n",
      "mods/glue.ts": "export function glue(): number { return 2; }\n",
    });
    compileDist(root);
    const a = fs.readFileSync(path.join(root, "dist", "a.js"), "utf8");
    expect(a).toContain(`from "./mods/glue.js"`);
    expect(a).not.toContain("./t"); // a type-only import leaves nothing behind
    expect(fs.readFileSync(path.join(root, "dist", "mods", "glue.js"), "utf8")).toContain("return 2");
  });

  it("a syntax error fails the compile, naming the file, and writes nothing", () => {
    const root = project({ "src/ok.ts": "export const ok = 1;\n", "src/bad.ts": "export const = ;\n" });
    expect(() => compileDist(root)).toThrow(/src\/bad\.ts/);
    expect(fs.existsSync(path.join(root, "dist", "ok.js"))).toBe(false);
  });
});
