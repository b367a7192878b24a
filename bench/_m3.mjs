import sharp from "sharp";
import fs from "node:fs";
sharp.cache(false);
const dirs = ["/tmp/perf-b/solar-eclipse/cards/playing-cards", "/tmp/perf-b/lunar-trick/cards/moon-cards"];
const files = dirs.flatMap(dir => fs.readdirSync(dir).filter(f=>f.endsWith(".png")).slice(0,25).map(f=>dir+"/"+f));
const cpu = () => { const c = process.cpuUsage(); return (c.user+c.system)/1000; };
const res = {};
async function run(name, fn) {
  const c0 = cpu();
  const outs = [];
  for (const f of files) outs.push(await fn(f));
  (res[name] ??= []).push((cpu()-c0)/files.length);
  return outs;
}
const meta = await sharp(files[0]).metadata(); const W=meta.width,H=meta.height,B=37;
const base = (f) => sharp(f).extract({left:B,top:B,width:W-2*B,height:H-2*B});
let same = true;
for (let r=0;r<5;r++){
  const a = await run("resize→flatten (now)", f => base(f).resize(409,558,{fit:"fill"}).flatten({background:"#ffffff"}).removeAlpha().raw().toBuffer());
  const b = await run("flatten→resize", f => base(f).flatten({background:"#ffffff"}).resize(409,558,{fit:"fill"}).removeAlpha().raw().toBuffer());
  same &&= a.every((x,i)=>x.equals(b[i]));
}
for (const [k,v] of Object.entries(res)) console.log(k.padEnd(24), v.map(x=>x.toFixed(1)).join(" "), "median", [...v].sort((a,b)=>a-b)[2].toFixed(1));
console.log("identical", same);
