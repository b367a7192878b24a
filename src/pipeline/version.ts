/**
 * The renderer version that goes into every cache key: the versions of the libraries that turn
 * SVG into pixels and PDF bytes, the bundled font files, and the source of the render and build
 * modules. Any change to one of them invalidates every cached face and PDF, so a cached output is
 * always what a cold build would write.
 */
import { existsSync, readFileSync, readdirSync, statSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { ALL_FONT_FILES } from "../render/fonts";
import { codeFolder } from "../package-root";
import { sha256 } from "../hash";

const require = createRequire(import.meta.url);
const LIBRARIES = ["@resvg/resvg-js", "sharp", "pdfkit", "svg-to-pdfkit", "fontkit", "harfbuzzjs", "pngjs"];
const SOURCE_DIRS = ["render", "pipeline"].map(codeFolder);


/** An installed package's version (from its package.json, found even where `exports` hides it). */
export function packageVersion(name: string): string {
  try {
    return `${name}@${(require(`${name}/package.json`) as { version: string }).version}`;
  } catch {
    // e.g. sharp: its exports do not list package.json. Walk up from its entry point.
    let dir = dirname(require.resolve(name));
    for (;;) {
      const file = join(dir, "package.json");
      if (existsSync(file)) {
        const pkg = JSON.parse(readFileSync(file, "utf8")) as { name?: string; version?: string };
        if (pkg.name === name && pkg.version) return `${name}@${pkg.version}`;
      }
      if (dirname(dir) === dir) return `${name}@?`;
      dir = dirname(dir);
    }
  }
}

/** Source files under `dir` (none if it does not exist), sorted, with one of `extensions` (.js: the compiled package). */
export function sourceFiles(dir: string, extensions: readonly string[] = [".ts", ".mjs", ".js"]): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile() && extensions.some((e) => d.name.endsWith(e)))
    .map((d) => join(d.parentPath, d.name))
    .sort();
}

let cached: string | undefined;

export function rendererVersion(): string {
  if (cached !== undefined) return cached;
  const parts: string[] = LIBRARIES.map(packageVersion);
  for (const font of ALL_FONT_FILES) parts.push(`${font}:${statSync(font).size}`);
  for (const dir of SOURCE_DIRS) for (const file of sourceFiles(dir)) parts.push(sha256(readFileSync(file)));
  cached = sha256(...parts).slice(0, 16);
  return cached;
}
