// Makes night-sky.png, the starfield the moon emblem sits on: a vertical blue gradient with
// stars from a fixed pseudo-random sequence, so the file is the same on every run.
// Run: node data/lunar-trick/images/make-night-sky.mjs
import sharp from "sharp";
import { fileURLToPath } from "node:url";

const W = 240;
const H = 240;
const px = Buffer.alloc(W * H * 3);
for (let y = 0; y < H; y++) {
  for (let x = 0; x < W; x++) {
    const t = y / (H - 1);
    const i = (y * W + x) * 3;
    px[i] = Math.round(14 + 30 * t);
    px[i + 1] = Math.round(20 + 40 * t);
    px[i + 2] = Math.round(58 + 70 * t);
  }
}
let seed = 17;
const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
for (let s = 0; s < 140; s++) {
  const cx = Math.floor(next() * W);
  const cy = Math.floor(next() * H);
  const big = next() < 0.15;
  for (let dy = -1; dy <= 1; dy++) {
    for (let dx = -1; dx <= 1; dx++) {
      if (!big && (dx !== 0 || dy !== 0)) continue;
      if (big && dx !== 0 && dy !== 0) continue;
      const x = cx + dx;
      const y = cy + dy;
      if (x < 0 || y < 0 || x >= W || y >= H) continue;
      const i = (y * W + x) * 3;
      px[i] = 255;
      px[i + 1] = 248;
      px[i + 2] = 220;
    }
  }
}
const out = fileURLToPath(new URL("night-sky.png", import.meta.url));
await sharp(px, { raw: { width: W, height: H, channels: 3 } }).png({ compressionLevel: 9 }).toFile(out);
console.log(`wrote ${out}`);
