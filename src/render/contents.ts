/**
 * Finding your way in a print PDF: a first page that lists, per component, the pages to print for
 * a reprint of it alone, and per sheet what it holds; and the PDF outline (bookmarks), one per
 * component at its first page. The pieces' pages are numbered as they stand after the contents.
 */
import type { Page, PrintOptions } from "./page";
import type { RenderComponent } from "./types";

export interface OutlineEntry {
  /** 0-based index into the PDF's pages. */
  page: number;
  title: string;
}

/** The component id of a placement's art key (`cards/ace`, `cards/back`, `cards/ace.back`). */
function componentOf(face: string): string {
  return face.slice(0, face.indexOf("/"));
}

/** "3–4, 7–8" from sorted page numbers. */
function ranges(pages: number[]): string {
  const out: string[] = [];
  for (let i = 0; i < pages.length; ) {
    let j = i;
    while (j + 1 < pages.length && pages[j + 1] === pages[j] + 1) j++;
    out.push(i === j ? `${pages[i]}` : `${pages[i]}–${pages[j]}`);
    i = j + 1;
  }
  return out.join(", ");
}

/**
 * The contents page (and, two-sided, its blank back) followed by `pages`, and the outline: the
 * contents, then each component at the first page that shows it.
 */
/** Pages before the pieces: the contents page, and two-sided its blank back. */
export function contentsPageCount(opts: PrintOptions): number {
  return opts.layout === "fold" ? 1 : 2;
}

export function withContents(pages: Page[], components: RenderComponent[], opts: PrintOptions, title: string): { pages: Page[]; outline: OutlineEntry[] } {
  const fold = opts.layout === "fold";
  const lead = contentsPageCount(opts);
  const titleOf = new Map(components.map((c) => [c.id, c.title]));
  const byComponent = new Map<string, number[]>();
  pages.forEach((page, i) => {
    for (const p of page.placements) {
      const id = componentOf(p.face);
      const list = byComponent.get(id) ?? [];
      // A reprint takes whole sheets: a front's back page comes with it, and a back's front.
      const n = i + 1 + lead;
      const sheet = fold ? [n] : page.side === "front" ? [n, n + 1] : [n - 1, n];
      for (const s of sheet) if (!list.includes(s)) list.push(s);
      byComponent.set(id, list);
    }
  });
  const lines: string[] = [];
  lines.push(
    fold
      ? "Fold-and-glue sheets: print one-sided, fold each on its dashed line, glue, cut."
      : `Print two-sided, flipping on the ${opts.duplex} edge (each sheet is two pages: a front and its back), at 100 %. Reprint on the same edge: backs printed with the other one stand turned against the rest.`,
  );
  lines.push("");
  lines.push("To reprint one component, print these pages:");
  const outline: OutlineEntry[] = [{ page: 0, title: "What to print (contents)" }];
  for (const c of components) {
    const list = byComponent.get(c.id);
    if (list === undefined) continue;
    list.sort((a, b) => a - b);
    lines.push(`    ${c.title}: pages ${ranges(list)}`);
    const first = pages.findIndex((p) => p.placements.some((x) => componentOf(x.face) === c.id));
    outline.push({ page: first + lead, title: c.title });
  }
  lines.push("");
  lines.push("Sheets:");
  pages.forEach((page, i) => {
    if (page.side === "front") {
      const back = fold ? undefined : pages[i + 1];
      const pair = fold ? `page ${i + 1 + lead}` : `pages ${i + 1 + lead}–${i + 2 + lead}`;
      const behind = back === undefined || back.side === "blank" ? "" : `; back: ${back.label}`;
      lines.push(`    Sheet ${fold ? i + 1 : i / 2 + 1} (${pair}): ${page.label}${behind}`);
    }
  });
  const contents: Page = { landscape: false, label: "contents", placements: [], lines: [], labels: [], side: "front", text: { title: `${title} — what to print`, lines } };
  const head: Page[] = fold ? [contents] : [contents, { landscape: false, label: "back of the contents — left blank", placements: [], lines: [], labels: [], side: "blank" }];
  outline.sort((a, b) => a.page - b.page);
  return { pages: [...head, ...pages], outline };
}
