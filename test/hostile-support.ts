/**
 * A game made by `syzygy new` (two cards) in a temp folder, with a folder beside it, `outside/`,
 * holding a picture no output may ever show: the ground for the hostile-input tests (issue 24).
 */
import { deflateRawSync } from "node:zlib";
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { deflateSync } from "node:zlib";
import { writeScaffold } from "../src/scaffold/files";
import { pokerGame } from "../src/scaffold/poker";

export interface HostileProject {
  root: string;
  data: string;
  templates: string;
  out: string;
  /** data/demo */
  game: string;
  /** A real PNG outside the game's folders. */
  secret: string;
  write(rel: string, content: string | Buffer): string;
  /** Appends markup to the card face template. */
  face(markup: string): void;
  /** The build command's arguments (no PNG, no TTS, A4 only: the failures come before those). */
  build(...extra: string[]): string[];
  validate(): string[];
}

/** A PNG of w×h whose one IDAT holds `raw` (deflated), with real CRCs. */
function png(w: number, h: number, raw: Buffer): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (b: Buffer) => {
    let c = 0xffffffff;
    for (const x of b) c = crcTable[(c ^ x) & 0xff] ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const c = Buffer.alloc(4);
    c.writeUInt32BE(crc(body));
    return Buffer.concat([len, body, c]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk("IHDR", ihdr), chunk("IDAT", deflateSync(raw)), chunk("IEND", Buffer.alloc(0))]);
}

/** A PNG whose header says w×h and that holds no pixels: only its header is to be believed. */
export function pngHeader(w: number, h: number): Buffer {
  return png(w, h, Buffer.alloc(0));
}

/** A real 2×2 PNG (white), small enough to build from. */
export function smallPng(): Buffer {
  return png(2, 2, Buffer.from([0, 255, 255, 255, 255, 255, 255, 0, 255, 255, 255, 255, 255, 255]));
}

const TWO_CARDS = `cards:
  - id: ace-of-spades
    name: "Ace of Spades"
    suit: spades
    rank: 1
    index: "A"
  - id: two-of-spades
    name: "Two of Spades"
    suit: spades
    rank: 2
    index: "2"
`;

export function hostileProject(): HostileProject {
  const root = mkdtempSync(join(tmpdir(), "syzygy-hostile-"));
  const data = join(root, "data");
  const templates = join(root, "templates");
  writeScaffold(pokerGame("demo"), { data, templates });
  const game = join(data, "demo");
  writeFileSync(join(game, "deck.yaml"), TWO_CARDS);
  const yaml = join(game, "game.yaml");
  writeFileSync(yaml, readFileSync(yaml, "utf8").replace("count: 52", "count: 2"));
  mkdirSync(join(root, "outside"));
  const secret = join(root, "outside", "secret.png");
  writeFileSync(secret, smallPng());
  const p: HostileProject = {
    root,
    data,
    templates,
    out: join(root, "out"),
    game,
    secret,
    write(rel, content) {
      const file = join(root, rel);
      mkdirSync(join(file, ".."), { recursive: true });
      writeFileSync(file, content);
      return file;
    },
    face(markup) {
      const file = join(templates, "demo", "card.svg.hbs");
      writeFileSync(file, readFileSync(file, "utf8") + "\n" + markup + "\n");
    },
    build: (...extra) => ["build", "demo", "--data", data, "--templates", templates, "--out", join(root, "out"), "--no-png", "--no-tts", "--paper", "a4", ...extra],
    validate: () => ["validate", "demo", "--data", data, "--templates", templates],
  };
  return p;
}

/** No Node stack frame in a message shown to the user. */
export const STACK = /\n\s+at [^\n]*:\d+:\d+/;

/**
 * A zip (stored central directory, deflated entries) of `entries`, as an .xlsx file is;
 * `declared` replaces every entry's unpacked size in its headers (a bomb that lies).
 */
export function zipOf(entries: Record<string, Buffer>, opts: { declared?: number; level?: number } = {}): Buffer {
  const locals: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const [name, content] of Object.entries(entries)) {
    const packed = deflateRawSync(content, { level: opts.level ?? 9 });
    const n = Buffer.from(name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(opts.declared ?? content.length, 22);
    local.writeUInt16LE(n.length, 26);
    const c = Buffer.alloc(46);
    c.writeUInt32LE(0x02014b50, 0);
    c.writeUInt16LE(20, 4);
    c.writeUInt16LE(20, 6);
    c.writeUInt16LE(8, 10);
    c.writeUInt32LE(packed.length, 20);
    c.writeUInt32LE(opts.declared ?? content.length, 24);
    c.writeUInt16LE(n.length, 28);
    c.writeUInt32LE(offset, 42);
    locals.push(local, n, packed);
    central.push(c, n);
    offset += 30 + n.length + packed.length;
  }
  const cd = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Object.keys(entries).length, 8);
  end.writeUInt16LE(Object.keys(entries).length, 10);
  end.writeUInt32LE(cd.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, cd, end]);
}
