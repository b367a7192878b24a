/**
 * The drawings of issue 36 that validated but hung or crashed the build, as fixtures: each is
 * refused by the SVG check (test/face-budget.test.ts) and, were it to reach the rasteriser, is
 * stopped by the raster process's per-face limits (test/render-raster-limits.test.ts).
 */
const S = 'xmlns="http://www.w3.org/2000/svg"';

function chain(n: number, link: (i: number) => string, last: string, use: string): string {
  const defs: string[] = [];
  for (let i = 0; i < n; i++) defs.push(link(i));
  return `<svg ${S} viewBox="0 0 10 10"><defs>\n${defs.join("\n")}\n${last}</defs>${use}</svg>`;
}

const filter = (primitive: string) => `<svg ${S} viewBox="0 0 100 100"><filter id="f">${primitive}</filter><rect width="100" height="100" filter="url(#f)"/></svg>`;

export const HOSTILE_SVG = {
  /** 200 bytes that never finish rendering. */
  turbulence: filter(`<feTurbulence numOctaves="100000000"/>`),
  morphology: filter(`<feMorphology radius="60"/>`),
  convolve: filter(`<feConvolveMatrix order="150" kernelMatrix="${Array(150 * 150).fill(1).join(" ")}"/>`),
  /** 3 000 blurred card-sized shapes. */
  blurs: `<svg ${S} viewBox="0 0 100 100"><filter id="b"><feGaussianBlur stdDeviation="5"/></filter>${'<rect width="100" height="100" filter="url(#b)"/>'.repeat(3000)}</svg>`,
  /** 20 000 chained masks: the renderer's stack overflows (SIGSEGV). */
  masks: chain(20_000, (i) => `<mask id="m${i}"><rect width="10" height="10" fill="white" mask="url(#m${i + 1})"/></mask>`, `<mask id="m20000"/>`, `<rect width="10" height="10" mask="url(#m0)"/>`),
  /** 10 000 chained clip-paths: 3.4 GB. */
  clipPaths: chain(10_000, (i) => `<clipPath id="c${i}" clip-path="url(#c${i + 1})"><rect width="10" height="10"/></clipPath>`, `<clipPath id="c10000"><rect width="10" height="10"/></clipPath>`, `<rect width="10" height="10" clip-path="url(#c0)"/>`),
  gradients: chain(1000, (i) => `<linearGradient id="g${i}" href="#g${i + 1}"/>`, `<linearGradient id="g1000"><stop offset="0" stop-color="red"/></linearGradient>`, `<rect width="10" height="10" fill="url(#g0)"/>`),
  filters: chain(1000, (i) => `<filter id="f${i}"><feImage href="#r${i}"/></filter><rect id="r${i}" width="1" height="1" filter="url(#f${i + 1})"/>`, `<filter id="f1000"/>`, `<rect width="10" height="10" filter="url(#f0)"/>`),
};
