/**
 * Where the running code lives. The same modules run as TypeScript sources (tsx, vitest: src/)
 * and as the package's compiled JavaScript (dist/, what `syzygy` runs); both folders sit one level
 * below the package root, so paths resolved against a module's URL agree between the two.
 * An installed package holds dist/, bin/, templates/ and data/ but no sources: what the sources
 * would be compiled into (the Lua bundles) is prebuilt into dist/lua by `npm pack`.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

/** The folder holding package.json: the clone, or node_modules/syzygy once installed. */
export const PACKAGE_ROOT = fileURLToPath(new URL("..", import.meta.url));

/** The running code: src/ (tsx, vitest) or dist/ (the package). */
export const CODE_DIR = fileURLToPath(new URL(".", import.meta.url));

/** True when this is the compiled JavaScript in dist/, false when run from the TypeScript sources. */
export const COMPILED = import.meta.url.endsWith(".js");

/** The Lua bundles an installed package runs (the engine for `--runtime lua`, the TTS script). */
export const PREBUILT_LUA_DIR = join(PACKAGE_ROOT, "dist", "lua");

/**
 * A folder of the code (`render`, `tts`…) as its TypeScript sources where they are — a clone,
 * whose dist/ is compiled from them — else as compiled (an installed package). Cache keys hash
 * these folders, so the sources and dist/ of one clone share out/.cache.
 */
export function codeFolder(name: string): string {
  const source = join(PACKAGE_ROOT, "src", name);
  return existsSync(source) ? source : fileURLToPath(new URL(name, import.meta.url));
}

/** True where the TypeScript sources are (a clone), false in an installed package. */
export function sourcesPresent(): boolean {
  return existsSync(join(PACKAGE_ROOT, "src"));
}

/** The package's version, from its package.json. */
export function packageVersion(): string {
  return (JSON.parse(readFileSync(join(PACKAGE_ROOT, "package.json"), "utf8")) as { version: string }).version;
}
