/**
 * Vector icons (never font glyphs, so they print identically everywhere). Each icon is drawn in a
 * unit box centred on 0,0 spanning -1..1; `iconSvg` places and scales it. Names are symbols, not
 * games: a game chooses which icon stands for which suit in its data.
 */
const f = (n: number): string => (Math.round(n * 1000) / 1000).toString();

function polar(r: number, deg: number): [number, number] {
  const a = ((deg - 90) * Math.PI) / 180;
  return [r * Math.cos(a), r * Math.sin(a)];
}

function sun(color: string): string {
  const rays: string[] = [];
  for (let i = 0; i < 8; i++) {
    const a = i * 45;
    const [x1, y1] = polar(1, a);
    const [x2, y2] = polar(0.62, a - 13);
    const [x3, y3] = polar(0.62, a + 13);
    rays.push(`M${f(x1)} ${f(y1)}L${f(x2)} ${f(y2)}L${f(x3)} ${f(y3)}Z`);
  }
  return `<path d="${rays.join("")}" fill="${color}"/><circle r="0.5" fill="${color}"/>`;
}

function bolt(color: string): string {
  return `<path d="M0.28 -1L-0.62 0.12L-0.05 0.12L-0.3 1L0.62 -0.18L0.05 -0.18L0.38 -1Z" fill="${color}"/>`;
}

/** ◉: a ring around a solid core. */
function voidRing(color: string): string {
  return `<circle r="0.8" fill="none" stroke="${color}" stroke-width="0.26"/><circle r="0.4" fill="${color}"/>`;
}

function snowflake(color: string): string {
  const parts: string[] = [];
  for (let i = 0; i < 6; i++) {
    const a = i * 60;
    const [x, y] = polar(0.95, a);
    const [bx, by] = polar(0.55, a);
    const [l1x, l1y] = polar(0.3, a - 60);
    const [l2x, l2y] = polar(0.3, a + 60);
    parts.push(`M0 0L${f(x)} ${f(y)}`);
    parts.push(`M${f(bx)} ${f(by)}l${f(l1x)} ${f(l1y)}M${f(bx)} ${f(by)}l${f(l2x)} ${f(l2y)}`);
  }
  return `<path d="${parts.join("")}" fill="none" stroke="${color}" stroke-width="0.17" stroke-linecap="round"/>`;
}

function moon(color: string): string {
  return `<path d="M0.25 -0.95A0.97 0.97 0 1 0 0.95 0.3A0.75 0.75 0 1 1 0.25 -0.95Z" fill="${color}"/>`;
}

function star(color: string): string {
  const pts: string[] = [];
  for (let i = 0; i < 10; i++) {
    const [x, y] = polar(i % 2 === 0 ? 1 : 0.42, i * 36);
    pts.push(`${f(x)} ${f(y)}`);
  }
  return `<path d="M${pts.join("L")}Z" fill="${color}"/>`;
}

/** A standing figure (player). */
function person(color: string): string {
  return `<circle cy="-0.55" r="0.38" fill="${color}"/><path d="M-0.72 1A0.72 0.8 0 0 1 0.72 1Z" fill="${color}"/>`;
}

/** Stacked cards (a trick). */
function trick(color: string): string {
  return (
    `<rect x="-0.75" y="-0.95" width="1.1" height="1.5" rx="0.15" fill="none" stroke="${color}" stroke-width="0.14" transform="rotate(-12)"/>` +
    `<rect x="-0.35" y="-0.6" width="1.1" height="1.5" rx="0.15" fill="${color}" transform="rotate(8)"/>`
  );
}

function diamond(color: string): string {
  return `<path d="M0 -1L0.7 0L0 1L-0.7 0Z" fill="${color}"/>`;
}

function eclipse(color: string): string {
  return `<circle r="0.95" fill="${color}"/><circle cx="0.3" cy="-0.22" r="0.75" fill="#ffffff"/>`;
}

/** Waxing crescent: lit on the right. */
function rising(color: string): string {
  return `<path d="M0 -1A1 1 0 0 1 0 1A0.55 1 0 0 0 0 -1Z" fill="${color}"/><circle r="0.97" fill="none" stroke="${color}" stroke-width="0.06"/>`;
}

/** Waning crescent: lit on the left. */
function falling(color: string): string {
  return `<path d="M0 -1A1 1 0 0 0 0 1A0.55 1 0 0 1 0 -1Z" fill="${color}"/><circle r="0.97" fill="none" stroke="${color}" stroke-width="0.06"/>`;
}

/** A moon in the Earth's shadow: dark disc with a lit rim. */
function lunarEclipse(color: string): string {
  return (
    `<circle r="0.92" fill="${color}" fill-opacity="0.35"/>` +
    // The shadow (a disc r 0.8 at 0.42,-0.1) cut to the inside of the ring (r 0.86): it never crosses the ring.
    `<path d="M0.506 0.695A0.8 0.8 0 0 1 0.138 -0.849A0.86 0.86 0 0 1 0.506 0.695Z" fill="#000000" fill-opacity="0.35"/>` +
    `<circle r="0.92" fill="none" stroke="${color}" stroke-width="0.12"/>`
  );
}

/** The sun covered by the moon: corona rays around a dark disc. */
function solarEclipse(color: string): string {
  const rays: string[] = [];
  for (let i = 0; i < 16; i++) {
    const a = i * 22.5;
    const [x1, y1] = polar(i % 2 === 0 ? 1 : 0.85, a);
    const [x2, y2] = polar(0.6, a - 7);
    const [x3, y3] = polar(0.6, a + 7);
    rays.push(`M${f(x1)} ${f(y1)}L${f(x2)} ${f(y2)}L${f(x3)} ${f(y3)}Z`);
  }
  return `<path d="${rays.join("")}" fill="${color}"/><circle r="0.62" fill="${color}"/><circle r="0.55" fill="#111111"/>`;
}

const ICONS: Record<string, (color: string) => string> = {
  rising,
  falling,
  "lunar-eclipse": lunarEclipse,
  "solar-eclipse": solarEclipse,
  sun,
  bolt,
  void: voidRing,
  snowflake,
  moon,
  star,
  person,
  trick,
  diamond,
  eclipse,
  // Suit names used as symbols by the data.
  solar: sun,
  arc: bolt,
  stasis: snowflake,
};

/** Symbols in text that are drawn as icons instead of font glyphs. */
export const GLYPH_ICONS: Record<string, string> = {
  "☀": "sun",
  "⚡": "bolt",
  "◉": "void",
  "❄": "snowflake",
  "☾": "moon",
  "☽": "moon",
  "★": "star",
};

export function hasIcon(name: string): boolean {
  return Object.prototype.hasOwnProperty.call(ICONS, name);
}

export function iconNames(): string[] {
  return Object.keys(ICONS);
}

/** An icon centred on (cx, cy) with the given size (its full width). */
export function iconSvg(name: string, cx: number, cy: number, size: number, color: string): string {
  const draw = ICONS[name];
  if (!draw) throw new Error(`unknown icon "${name}" (known: ${iconNames().join(", ")})`);
  return `<g transform="translate(${f(cx)} ${f(cy)}) scale(${f(size / 2)})">${draw(color)}</g>`;
}

/**
 * A moon at `position` of its cycle (0 = new, 0.5 = full, 1 = new again), lit from the right while
 * waxing and from the left while waning. Lit part in `lit`, the shadow in `dark`.
 */
export function moonPhaseSvg(position: number, cx: number, cy: number, r: number, lit: string, dark: string, outline: string): string {
  const p = ((position % 1) + 1) % 1;
  const illum = (1 - Math.cos(2 * Math.PI * p)) / 2; // 0 new .. 1 full
  const waxing = p <= 0.5;
  const top = `${f(cx)} ${f(cy - r)}`;
  const bottom = `${f(cx)} ${f(cy + r)}`;
  // Lit limb: the half-circle on the lit side; terminator: an ellipse arc with x-radius |1-2·illum|·r.
  const rx = Math.abs(1 - 2 * illum) * r;
  const limbSweep = waxing ? 1 : 0;
  // The terminator bulges towards the lit side when less than half lit, towards the dark side when more.
  const termSweep = illum < 0.5 ? (waxing ? 0 : 1) : waxing ? 1 : 0;
  const lit_ = `M${top}A${f(r)} ${f(r)} 0 0 ${limbSweep} ${bottom}A${f(rx)} ${f(r)} 0 0 ${termSweep} ${top}Z`;
  const body = `<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(r)}" fill="${dark}"/>`;
  const light = illum < 0.001 ? "" : illum > 0.999 ? `<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(r)}" fill="${lit}"/>` : `<path d="${lit_}" fill="${lit}"/>`;
  const ring = `<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(r)}" fill="none" stroke="${outline}" stroke-width="${f(r * 0.06)}"/>`;
  return body + light + ring;
}
