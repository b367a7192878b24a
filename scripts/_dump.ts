import { printPages } from "../src/render/build";
import { DEFAULT_PRINT, PAPERS } from "../src/render/page";
import { game } from "../test/render-support";
const id = process.argv[2]; const paper = process.argv[3] as any; const layout = (process.argv[4] ?? "duplex") as any;
const pages = printPages(game(id), PAPERS[paper], { ...DEFAULT_PRINT, layout });
for (const [i, p] of pages.entries()) {
  const by = new Map<string, number>();
  for (const x of p.placements) { const k = x.face.split("/")[0]; by.set(k, (by.get(k) ?? 0) + 1); }
  console.log(i + 1, p.side, p.landscape ? "L" : "P", p.label, JSON.stringify([...by]));
}
