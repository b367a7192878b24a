/**
 * End to end (issue 9): `syzygy watch` on a temp copy of data/ serves the Lunar Trick gallery;
 * headless Chromium sees every card; a bad YAML edit prints the located error, shows it on the
 * page and keeps the last good output; a good text edit appears on the page without a reload
 * by hand. Needs /usr/bin/chromium (CI installs it in .ci/run); without it the test says so and skips.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { spawn, type ChildProcess } from "node:child_process";
import { cpSync, existsSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { listFaces } from "../src/render/faces";
import { DATA, REPO, TEMPLATES, game, tempDir } from "./render-support";

const CHROMIUM = "/usr/bin/chromium";
const hasChromium = existsSync(CHROMIUM);
if (!hasChromium) console.warn(`watch-gallery: ${CHROMIUM} is not installed, skipping the browser test (CI installs it via .ci/run)`);

/** Collects the child's stdout and resolves once a line matches. */
class Output {
  text = "";
  private waiters: { re: RegExp; from: number; ok: (m: RegExpMatchArray) => void }[] = [];
  constructor(child: ChildProcess) {
    const onData = (chunk: Buffer): void => {
      this.text += chunk.toString();
      this.waiters = this.waiters.filter((w) => {
        const m = this.text.slice(w.from).match(w.re);
        if (m) w.ok(m);
        return !m;
      });
    };
    child.stdout?.on("data", onData);
    child.stderr?.on("data", onData);
  }
  waitFor(re: RegExp, from = 0, ms = 45_000): Promise<RegExpMatchArray> {
    return new Promise((ok, fail) => {
      const m = this.text.slice(from).match(re);
      if (m) return ok(m);
      const t = setTimeout(() => fail(new Error(`timed out waiting for ${re}; output so far:\n${this.text}`)), ms);
      this.waiters.push({ re, from, ok: (x) => (clearTimeout(t), ok(x)) });
    });
  }
}

describe.skipIf(!hasChromium)("watch: live gallery in headless Chromium", () => {
  const dir = tempDir("watch");
  const data = join(dir, "data");
  const out = join(dir, "out");
  const deck = join(data, "lunar-trick", "deck.yaml");
  let child: ChildProcess;
  let output: Output;
  let url = "";
  let browser: import("playwright-core").BrowserContext;

  beforeAll(async () => {
    cpSync(DATA, data, { recursive: true });
    child = spawn(process.execPath, [join(REPO, "bin/syzygy.js"), "watch", "lunar-trick", "--data", data, "--templates", TEMPLATES, "--out", out, "--port", "0", "--no-pdf"], {
      cwd: dir,
      stdio: ["ignore", "pipe", "pipe"],
    });
    output = new Output(child);
    url = (await output.waitFor(/gallery: (http:\/\/127\.0\.0\.1:\d+\/lunar-trick\/)/))[1];
    await output.waitFor(/watching /);
    const { chromium } = await import("playwright-core");
    browser = await chromium.launchPersistentContext(tempDir("chromium-profile"), {
      executablePath: CHROMIUM,
      headless: true,
      args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
    });
  }, 240_000);

  afterAll(async () => {
    await browser?.close();
    child?.kill("SIGTERM");
  });

  it("shows every face and back of the game, grouped by component, and the filter narrows it", async () => {
    const page = await browser.newPage();
    await page.goto(url);
    const sides = listFaces(game("lunar-trick"));
    expect(await page.locator("figure.side").count()).toBe(sides.length);
    const keys = await page.locator("figure.side").evaluateAll((els) => els.map((e) => e.getAttribute("data-key")));
    expect(keys).toEqual(sides.map((s) => s.key));
    const sections = await page.locator("section.component").evaluateAll((els) => els.map((e) => e.getAttribute("data-component")));
    expect(sections).toEqual(game("lunar-trick").components.map((c) => c.id));
    // Every moon card's name is on the page, and its image actually loaded.
    const text = await page.locator("main").innerText();
    for (const s of sides.filter((x) => x.component.id === "moon-cards" && x.side === "face")) expect(text).toContain(String(s.item.values.name));
    const img = page.locator('figure[data-key="moon-cards/rising-1"] img');
    await img.scrollIntoViewIfNeeded();
    await expect.poll(() => img.evaluate((e) => (e as unknown as { naturalWidth: number }).naturalWidth)).toBe(825);
    await page.fill("#filter", "rising moon 1");
    const visible = await page.locator("figure.side:visible").evaluateAll((els) => els.map((e) => e.getAttribute("data-key")));
    expect(visible).toContain("moon-cards/rising-1");
    expect(visible).not.toContain("moon-cards/falling-1");
    await page.close();
  });

  it("a bad edit prints the located error, shows it on the page and keeps the last good output", async () => {
    const page = await browser.newPage();
    await page.goto(url);
    const png = join(out, "lunar-trick/cards/moon-cards/rising-1.png");
    const before = readFileSync(png);
    const from = output.text.length;
    const good = readFileSync(deck, "utf8");
    writeFileSync(deck, good.replace('number: 1\n', 'number: "one"\n'));
    await output.waitFor(/deck\.yaml:\d+:\d+: cards\[0\]\.number/, from);
    await page.locator("#syzygy-error").waitFor({ timeout: 45_000 });
    expect(await page.locator("#syzygy-error").innerText()).toMatch(/deck\.yaml:\d+:\d+/);
    expect(readFileSync(png).equals(before)).toBe(true);
    writeFileSync(deck, good);
    await output.waitFor(/lunar-trick: no changes|lunar-trick: 0 faces/, from);
    await page.close();
  }, 150_000);

  it("a text edit in the YAML appears in the open page without a manual reload", async () => {
    const page = await browser.newPage();
    await page.goto(url);
    await page.evaluate(() => ((globalThis as unknown as { marker: number }).marker = 1));
    const png = join(out, "lunar-trick/cards/moon-cards/rising-2.png");
    const untouched = statSync(png).mtimeMs;
    const from = output.text.length;
    writeFileSync(deck, readFileSync(deck, "utf8").replace('name: "Rising Moon 1"', 'name: "Rising Moon Eclipsed"'));
    await page.waitForFunction('document.body.innerText.includes("Rising Moon Eclipsed")', undefined, { timeout: 90_000 });
    // The page reloaded itself (the marker is gone), and the log names the one changed card.
    expect(await page.evaluate(() => (globalThis as unknown as { marker?: number }).marker)).toBeUndefined();
    await output.waitFor(/lunar-trick: 1 face changed: moon-cards\/rising-1/, from);
    expect(output.text.slice(from)).toContain("cards/moon-cards/rising-1.png");
    expect(statSync(png).mtimeMs).toBe(untouched);
    await page.close();
  }, 150_000);
});
