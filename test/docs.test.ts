/**
 * The README a newcomer reads in ten minutes, and the docs/ pages it leads to: at most 400 lines,
 * the set-up commands CI runs, a Layout naming every top folder and every src/ folder, and links
 * (files and #anchors) that lead somewhere.
 */
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = join(import.meta.dirname, "..");
const README = readFileSync(join(ROOT, "README.md"), "utf8");
const DOCS = readdirSync(join(ROOT, "docs"), { recursive: true, encoding: "utf8" })
  .filter((f) => f.endsWith(".md"))
  .map((f) => join(ROOT, "docs", f));

/** GitHub's anchor for a heading: lower case, punctuation but hyphens dropped, spaces as hyphens. */
function anchor(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[`*_]/g, "")
    .replace(/[^\p{L}\p{N} -]/gu, "")
    .replace(/ /g, "-");
}

/** The anchors of a Markdown file's headings (outside code blocks), duplicates numbered as GitHub does. */
function anchors(text: string): Set<string> {
  const seen = new Map<string, number>();
  const out = new Set<string>();
  let fenced = false;
  for (const line of text.split("\n")) {
    if (line.startsWith("```")) fenced = !fenced;
    const m = fenced ? null : /^#{1,6} (.+)$/.exec(line);
    if (m === null) continue;
    const a = anchor(m[1]);
    const n = seen.get(a) ?? 0;
    seen.set(a, n + 1);
    out.add(n === 0 ? a : `${a}-${n}`);
  }
  return out;
}

/** The section of the README under `heading`, up to the next heading of its level or above. */
function section(heading: string): string {
  const start = README.indexOf(`\n${heading}\n`);
  expect(start, heading).toBeGreaterThan(-1);
  const level = /^#+/.exec(heading)![0];
  const rest = README.slice(start + heading.length + 2);
  const end = rest.search(new RegExp(`\\n#{1,${level.length}} `));
  return end === -1 ? rest : rest.slice(0, end);
}

describe("README.md", () => {
  it("is at most 400 lines", () => {
    expect(README.split("\n").length).toBeLessThanOrEqual(400);
  });

  it("gives the set-up commands CI runs (.ci/run): npm ci && npm run build, and npm test", () => {
    const setUp = section("## Set-up");
    expect(setUp).toMatch(/^npm ci && npm run build +#/m);
    expect(setUp).toMatch(/^npm test +#/m);
    const ci = readFileSync(join(ROOT, ".ci/run"), "utf8");
    expect(ci).toMatch(/^npm ci$/m);
    expect(ci).toMatch(/^npm test$/m);
    const scripts = (JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as { scripts: Record<string, string> }).scripts;
    for (const name of ["build", "test"]) expect(scripts[name], name).toBeDefined();
  });

  it("Layout names every top folder and every folder of src/", () => {
    const layout = section("## Layout");
    const tracked = execFileSync("git", ["ls-files", "-z"], { cwd: ROOT, encoding: "utf8" }).split("\0");
    const top = new Set(tracked.filter((f) => f.includes("/")).map((f) => f.split("/")[0]));
    for (const generated of ["dist", "out"]) top.add(generated);
    expect(top.size).toBeGreaterThan(8);
    for (const dir of top) expect(layout, `${dir}/`).toMatch(new RegExp(`^${dir.replace(".", "\\.")}/`, "m"));
    const src = readdirSync(join(ROOT, "src"), { withFileTypes: true }).filter((e) => e.isDirectory());
    expect(src.length).toBeGreaterThan(8);
    for (const dir of src) expect(layout, `src/${dir.name}/`).toMatch(new RegExp(`^ +(\\S+, )?${dir.name}/ `, "m"));
  });

  it("every command of the CLI is in the command table", async () => {
    const { COMMANDS } = await import("../src/cli/commands/index");
    const table = section("## Commands");
    for (const c of COMMANDS) expect(table, c.name).toContain(`| \`syzygy ${c.name}`);
  });
});

describe("links in README.md and docs/", () => {
  it("every relative link leads to a file that exists, and every #anchor to a heading there", () => {
    let links = 0;
    for (const file of [join(ROOT, "README.md"), ...DOCS]) {
      const text = readFileSync(file, "utf8").replace(/```[\s\S]*?```/g, "");
      for (const m of text.matchAll(/\]\(([^)\s]+)\)/g)) {
        const target = m[1];
        if (/^[a-z]+:/.test(target)) continue;
        links++;
        const [path, hash] = target.split("#");
        const dest = path === "" ? file : resolve(dirname(file), path);
        expect(existsSync(dest), `${file}: ${target}`).toBe(true);
        if (hash !== undefined && statSync(dest).isFile()) expect(anchors(readFileSync(dest, "utf8")), `${file}: ${target}`).toContain(hash);
      }
    }
    expect(links).toBeGreaterThan(20);
  });
});
