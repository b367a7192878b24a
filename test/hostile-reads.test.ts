/**
 * Which files do hostile designer files make syzygy read? (issue 24) Every file opened through the
 * fs module is recorded while `validate` and `build` run on games whose templates, art and icons
 * point outside the game's folders in every way the hostile-input tests try, and while fuzzed
 * SVGs go through the face checker; none of the opened files may lie outside the game's data,
 * templates and out folders (or syzygy's own install: its modules and bundled fonts).
 */
import { describe, expect, it, vi } from "vitest";
import { mkdirSync, readdirSync, realpathSync, symlinkSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import fc from "fast-check";

const opened: string[] = [];

vi.mock("node:fs", async (importOriginal) => {
  const real = await importOriginal<typeof import("node:fs")>();
  const traced =
    <A extends unknown[], R>(fn: (...a: A) => R) =>
    (...a: A): R => {
      if (typeof a[0] === "string" || a[0] instanceof URL) opened.push(resolve(String(a[0])));
      return fn(...a);
    };
  const readFileSync = traced(real.readFileSync);
  const openSync = traced(real.openSync);
  const createReadStream = traced(real.createReadStream);
  return { ...real, default: { ...real, readFileSync, openSync, createReadStream }, readFileSync, openSync, createReadStream };
});

const { run } = await import("./cli-support");
const { hostileProject, pngHeader, smallPng } = await import("./hostile-support");
const { inlineImages } = await import("../src/render/image-assets");

const REPO = resolve(__dirname, "..");
const RUNS = Number(process.env.SYZYGY_FUZZ_RUNS ?? 40);

/** Opened files outside `allowed` folders (after links are resolved, as the OS opens them). */
/** The entries of node_modules that are links (each resolved where it points). */
function linkedLibraries(): string[] {
  const out: string[] = [];
  const dir = join(REPO, "node_modules");
  for (const e of readdirSync(dir, { withFileTypes: true })) if (e.isSymbolicLink()) out.push(join(dir, e.name));
  return out;
}

function strays(allowed: string[]): string[] {
  // the project's installed libraries are part of it, also where node_modules or its entries are
  // links (a copy of the project sharing them: npm run test:add-game)
  const roots = allowed.flatMap((r) => (r === REPO ? [r, join(REPO, "node_modules"), ...linkedLibraries()] : [r])).map((r) => {
    try {
      return realpathSync(r);
    } catch {
      return resolve(r);
    }
  });
  const out = new Set<string>();
  for (const f of opened) {
    let real = f;
    try {
      real = realpathSync(f);
    } catch {
      // a file that does not exist was not read
      continue;
    }
    if (!roots.some((r) => real === r || real.startsWith(r + "/"))) out.add(real);
  }
  return [...out];
}

describe("hostile designer files read nothing outside the game's folders", () => {
  it("validate and build, against templates, art and icons aimed outside", async () => {
    const p = hostileProject();
    mkdirSync(join(p.game, "art"));
    writeFileSync(join(p.game, "art", "ok.png"), smallPng());
    symlinkSync(p.secret, join(p.game, "art", "link.png"));
    symlinkSync("/etc/passwd", join(p.game, "art", "passwd.svg"));
    p.write("data/demo/art/evil.svg", `<svg xmlns="http://www.w3.org/2000/svg" xmlns:x1="http://www.w3.org/1999/xlink" viewBox="0 0 1 1"><image title=">" x1:href="${p.secret}"/><image href="../../../outside/secret.png"/></svg>`);
    p.write("data/demo/icons/clubs.svg", `<svg xmlns="http://www.w3.org/2000/svg" xmlns:k="http://www.w3.org/1999/xlink" viewBox="0 0 2 2"><use k:href="${p.secret}#x"/><rect style="fill:url(${p.secret})"/></svg>`);
    const templates = [
      `<image title=">" href="${p.secret}"/>`,
      `<g xmlns:x1="http://www.w3.org/1999/xlink"><image x1:href="../../outside/secret.png"/></g>`,
      `{{{image "../../data/demo/art/evil.svg" 0 0 5 5}}}`,
      `{{{image "../../data/demo/art/passwd.svg" 0 0 5 5}}}`,
      `<image href="../../data/demo/art/link.png"/>`,
      `<feImage href="file://${p.secret}"/>`,
      `<image href="/etc/passwd"/>`,
      `<style>@import url(${p.secret});</style>`,
    ];
    opened.length = 0;
    const v = await run(...p.validate());
    expect(v.code).toBe(1);
    expect(v.err).toMatch(/icons\/clubs\.svg:1:\d+/);
    expect(strays([p.data, p.templates, p.out, REPO])).toEqual([]);
    // Four through the whole command (the rest take the same path: inlineImages, traced below).
    for (const markup of templates) {
      if (templates.indexOf(markup) >= 4) {
        opened.length = 0;
        expect(() => inlineImages(`<svg xmlns="http://www.w3.org/2000/svg">${markup.replace(/\{\{\{image "([^"]*)" 0 0 5 5\}\}\}/, '<image data-art="cover" data-box="0 0 5 5" href="$1"/>')}</svg>`, join(p.templates, "demo", "card.svg.hbs"), [p.templates, p.data])).toThrow(/card\.svg\.hbs|passwd|import/);
        expect(strays([p.data, p.templates, REPO])).toEqual([]);
        continue;
      }
      const q = hostileProject();
      opened.length = 0;
      q.face(markup);
      const b = await run(...q.build());
      expect(b.code, markup).toBe(1);
      expect(b.err, markup).toMatch(/card\.svg\.hbs/);
      expect(strays([q.data, q.templates, q.out, REPO])).toEqual([]);
    }
  });

  it(`fuzzed SVG faces (${RUNS} runs): only files inside the folders are opened`, () => {
    const p = hostileProject();
    mkdirSync(join(p.game, "art"));
    writeFileSync(join(p.game, "art", "ok.png"), smallPng());
    symlinkSync(p.secret, join(p.game, "art", "link.png"));
    const template = join(p.templates, "demo", "card.svg.hbs");
    // The picture outside differs from the one inside, so the output shows which one it drew.
    writeFileSync(p.secret, pngHeader(3, 3));
    const secretUri = pngHeader(3, 3).toString("base64");
    const target = fc.constantFrom(p.secret, "../../outside/secret.png", "../../data/demo/art/link.png", "../../data/demo/art/ok.png", "/dev/zero", `file://${p.secret}`, "#x", "data:image/png;base64,AAAA");
    const prefix = fc.constantFrom("xlink", "x1", "a", "svg", "_");
    const element = fc.tuple(fc.constantFrom("image", "feImage", "use", "pattern", "a"), prefix, target, fc.boolean(), fc.constantFrom("", ` title=">"`, ` data-x='a>b'`, ` style="fill:url(${p.secret})"`)).map(
      ([el, pre, href, plain, extra]) => (plain ? `<${el}${extra} href="${href}"/>` : `<${el}${extra} xmlns:${pre}="http://www.w3.org/1999/xlink" ${pre}:href="${href}"/>`),
    );
    fc.assert(
      fc.property(fc.array(element, { minLength: 1, maxLength: 6 }), (els) => {
        opened.length = 0;
        const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">${els.join("")}</svg>`;
        let out: string | undefined;
        try {
          out = inlineImages(svg, template, [p.templates, p.data]);
        } catch (err) {
          expect((err as Error).message).toMatch(/card\.svg\.hbs|<\w+ href=|link to another file|url\(\)/);
        }
        expect(strays([p.data, p.templates])).toEqual([]);
        if (out !== undefined) expect(out).not.toContain(secretUri);
      }),
      { numRuns: RUNS },
    );
  });
});
