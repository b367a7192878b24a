/**
 * `syzygy tts --install`: copies a built save into Tabletop Simulator's Saves folder, beside a
 * thumbnail of the same name (`<save>.png`, what TTS shows in its load menu) drawn from the game's
 * cards. The JSON is copied byte for byte (its images stay where the save's URLs point: out/ or
 * the --base-url host). Both files are written under temp names and renamed, so TTS never lists a
 * half-written save.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createRequire } from "node:module";
import { Resvg } from "@resvg/resvg-js";
import sharp from "../render/sharp-library.mjs";
import type { GameModel } from "../model/types";
import { engineDeckComponent, TtsInputError } from "./build";

const require = createRequire(import.meta.url);
const TITLE_FONT = require.resolve("@expo-google-fonts/inter/700Bold/Inter_700Bold.ttf");

/** Side of the square thumbnail in pixels. */
export const THUMBNAIL_PX = 512;

/**
 * TTS's data folder ("Tabletop Simulator", which holds Saves/) where TTS keeps it by default:
 * Windows Documents/My Games, macOS ~/Library, Linux ~/.local/share.
 */
export function defaultTtsDir(platform: NodeJS.Platform = process.platform, home: string = os.homedir(), env: NodeJS.ProcessEnv = process.env): string {
  if (platform === "win32") return path.win32.join(env.USERPROFILE ?? home, "Documents", "My Games", "Tabletop Simulator");
  if (platform === "darwin") return path.posix.join(home, "Library", "Tabletop Simulator");
  return path.posix.join(home, ".local", "share", "Tabletop Simulator");
}

/**
 * The Saves folder to install into: <ttsDir>/Saves. The data folder must exist (TTS creates it
 * when it first runs); Saves/ inside it is created when missing.
 */
export function savesDir(ttsDir: string, given: boolean): string {
  if (!fs.existsSync(ttsDir) || !fs.statSync(ttsDir).isDirectory()) {
    throw new TtsInputError(
      given
        ? `--tts-dir ${ttsDir} ${fs.existsSync(ttsDir) ? "is not a folder" : "does not exist"}: pass TTS's data folder (the one that holds Saves/)`
        : `no Tabletop Simulator folder at ${ttsDir}: start TTS once so it creates it, or pass --tts-dir with the folder that holds its Saves/`,
    );
  }
  return path.join(ttsDir, "Saves");
}

/** Up to `n` cards spread evenly through the engine's deck (their print PNGs). */
function sampleCards(model: GameModel, gameDir: string, n: number): string[] {
  const deck = engineDeckComponent(model);
  const items = deck.items;
  const out: string[] = [];
  const count = Math.min(n, items.length);
  for (let i = 0; i < count; i++) out.push(path.join(gameDir, "cards", deck.id, `${items[Math.floor((i * items.length) / count)].id}.png`));
  return out;
}

function escapeXml(s: string): string {
  return s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

/** The thumbnail: five of the game's cards fanned on felt, the game's name below (RGB PNG). */
export async function thumbnail(model: GameModel, gameDir: string): Promise<Buffer> {
  const size = THUMBNAIL_PX;
  const cardW = Math.round(size * 0.34);
  const cards = sampleCards(model, gameDir, 5);
  const images: string[] = [];
  for (let i = 0; i < cards.length; i++) {
    const png = await sharp(cards[i]).resize({ width: cardW }).png().toBuffer();
    const meta = await sharp(png).metadata();
    const h = meta.height ?? cardW;
    const angle = (i - (cards.length - 1) / 2) * 12;
    const x = size / 2 - cardW / 2 + (i - (cards.length - 1) / 2) * size * 0.13;
    const y = size * 0.42 - h / 2;
    images.push(
      `<image x="${x.toFixed(1)}" y="${y.toFixed(1)}" width="${cardW}" height="${h}" transform="rotate(${angle} ${(x + cardW / 2).toFixed(1)} ${(y + h * 1.6).toFixed(1)})" href="data:image/png;base64,${png.toString("base64")}"/>`,
    );
  }
  const svg = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">`,
    `<rect width="${size}" height="${size}" fill="#23413e"/>`,
    ...images,
    `<text x="${size / 2}" y="${size * 0.93}" text-anchor="middle" font-family="Inter" font-weight="bold" font-size="${Math.round(size * 0.085)}" fill="#f4efe3">${escapeXml(model.name)}</text>`,
    `</svg>`,
  ].join("");
  const png = new Resvg(svg, { font: { fontFiles: [TITLE_FONT], loadSystemFonts: false, defaultFontFamily: "Inter" } }).render().asPng();
  return sharp(png).flatten({ background: "#23413e" }).png({ compressionLevel: 9 }).toBuffer();
}

function writeAtomic(file: string, data: Buffer): void {
  const tmp = `${file}.${process.pid}.tmp`;
  try {
    fs.writeFileSync(tmp, data);
    fs.renameSync(tmp, file);
  } catch (err) {
    fs.rmSync(tmp, { force: true });
    throw err;
  }
}

export interface Installed {
  save: string;
  thumbnail: string;
}

/** Copies `savePath` (the game's built save) into `saves` as syzygy-<game>.json with its thumbnail. */
export async function installSave(model: GameModel, savePath: string, gameDir: string, saves: string): Promise<Installed> {
  fs.mkdirSync(saves, { recursive: true });
  const base = path.join(saves, `syzygy-${model.id}`);
  const picture = await thumbnail(model, gameDir);
  const json = fs.readFileSync(savePath);
  // The thumbnail first: when the save appears in TTS's list, its picture is already there.
  writeAtomic(`${base}.png`, picture);
  writeAtomic(`${base}.json`, json);
  return { save: `${base}.json`, thumbnail: `${base}.png` };
}
