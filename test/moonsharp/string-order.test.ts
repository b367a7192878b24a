/**
 * No code that compiles to Lua orders strings with `<`, `>`, `<=`, `>=`, `localeCompare` or a
 * comparator-less `sort()`: MoonSharp (TTS) compares strings by the host's culture, so such an
 * order differs between hosts (test/moonsharp/culture.test.ts) and from Node's. Found with the
 * type checker over every file the TTS script compiles (the glue, the engines, the table code);
 * the engine orders strings with byteOrder (src/engine/core/util.ts). In test:moonsharp because a
 * type-checked program of the sources takes ~10 s.
 */
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(__dirname, "../..");
const RELATIONAL = new Set([ts.SyntaxKind.LessThanToken, ts.SyntaxKind.GreaterThanToken, ts.SyntaxKind.LessThanEqualsToken, ts.SyntaxKind.GreaterThanEqualsToken]);

function findStringOrder(sources: Record<string, string> | undefined): string[] {
  const config = ts.getParsedCommandLineOfConfigFile(path.join(ROOT, "mods/tts/tsconfig.json"), {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} });
  if (config === undefined) throw new Error("mods/tts/tsconfig.json does not parse");
  const host = ts.createCompilerHost(config.options);
  const names = [...config.fileNames];
  if (sources !== undefined) {
    const get = host.getSourceFile.bind(host);
    host.getSourceFile = (f, v, e, c) => (f in sources ? ts.createSourceFile(f, sources[f], v) : get(f, v, e, c));
    names.push(...Object.keys(sources));
  }
  const program = ts.createProgram(names, config.options, host);
  const checker = program.getTypeChecker();
  const stringy = (n: ts.Node): boolean => {
    const t = checker.getTypeAtLocation(n);
    const parts = t.isUnion() ? t.types : [t];
    return parts.some((p) => (p.flags & ts.TypeFlags.StringLike) !== 0);
  };
  const found: string[] = [];
  for (const sf of program.getSourceFiles()) {
    if (sf.isDeclarationFile || sf.fileName.includes("node_modules")) continue;
    const where = (n: ts.Node): string => `${path.relative(ROOT, sf.fileName)}:${sf.getLineAndCharacterOfPosition(n.getStart()).line + 1}: ${n.getText().slice(0, 60)}`;
    const visit = (n: ts.Node): void => {
      if (ts.isBinaryExpression(n) && RELATIONAL.has(n.operatorToken.kind) && (stringy(n.left) || stringy(n.right))) found.push(where(n));
      if (ts.isCallExpression(n) && ts.isPropertyAccessExpression(n.expression)) {
        const name = n.expression.name.text;
        if (name === "localeCompare" || ((name === "sort" || name === "toSorted") && n.arguments.length === 0)) found.push(where(n));
      }
      ts.forEachChild(n, visit);
    };
    visit(sf);
  }
  return found;
}

describe("strings are never ordered by the interpreter's own comparison in Lua code", () => {
  it("finds none in the TTS script's sources", () => {
    expect(findStringOrder(undefined)).toEqual([]);
  }, 300_000);

  it("finds each kind in a sample (so the search can fail)", () => {
    const file = path.join(ROOT, "mods/tts/__sample__.ts");
    const found = findStringOrder({
      [file]: 'export const a = (x: string, y: string) => x < y;\nexport const b = ["b", "a"].sort();\nexport const c = "a".localeCompare("b");\nexport const d = (x: number) => x < 2;\n',
    });
    expect(found).toEqual([
      "mods/tts/__sample__.ts:1: x < y",
      'mods/tts/__sample__.ts:2: ["b", "a"].sort()',
      'mods/tts/__sample__.ts:3: "a".localeCompare("b")',
    ]);
  }, 300_000);
});
