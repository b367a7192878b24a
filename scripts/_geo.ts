import { printDocument, renderSides } from "../src/render/build";
import { DEFAULT_PRINT, PAPERS } from "../src/render/page";
import { writePdf } from "../src/render/pdf";
import { pageGeometry } from "../test/pdf-geometry";
import { game, templates } from "../test/render-support";
const paper = PAPERS[process.argv[2] as "a4"]; const pg = Number(process.argv[3]);
const g = game("eclipsed");
const doc = printDocument(g, paper, DEFAULT_PRINT);
const art = new Map(renderSides(g, templates()).sides.map((s) => [s.key, s.svg]));
const geo = await pageGeometry(await writePdf(doc.pages, art, { title: doc.title, footer: g.title, paper, duplex: "long", outline: doc.outline }));
const ps = geo[pg - 1].pieces; for (const [k, a] of ps.entries()) for (const b of ps.slice(k + 1)) { const d = !(a.x + a.w <= b.x + 0.01 || b.x + b.w <= a.x + 0.01 || a.y + a.h <= b.y + 0.01 || b.y + b.h <= a.y + 0.01); if (d) console.log(JSON.stringify(a), JSON.stringify(b)); }
