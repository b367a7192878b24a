import writeXlsxFile from "write-excel-file/node";
import { readXlsxSync } from "./src/model/xlsx-read";
const rows = Array.from({ length: 9000 }, (_, r) => Array.from({ length: 22 }, (_, c) => ({ value: `cell ${r} ${c} ` + "x".repeat(60) + Math.random() })));
const buf = await writeXlsxFile(rows as any, { buffer: true } as any) as unknown as Buffer;
console.log("xlsx bytes", buf.length);
const t = Date.now();
const r = readXlsxSync(buf);
console.log(Date.now() - t, "ms", r.ok ? "ok " + r.sheets[0].data.length : r.reason, Math.round(process.memoryUsage().rss / 1e6), "MB rss");
