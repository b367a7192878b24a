/**
 * The table's labelled play areas (src/table/layout.ts `tableAreas`): each becomes a locked,
 * thin Custom_Tile showing its label and a ScriptingTrigger of exactly the same footprint, so the
 * area players see is the one the script reads. The tile's picture is drawn here (SVG → PNG with
 * resvg and the bundled Inter font): a felt panel edged in the seat's colour, the label along
 * opposite edges (upright from either side, whichever way TTS turns a tile's image).
 */
import { createRequire } from "node:module";
import { renderAsync } from "@resvg/resvg-js";
import sharp from "sharp";
import { PLACES, TILE_UNITS_AT_SCALE_1, round3, type Area } from "../table/layout";
import { NAMES, objectName, type AnyObject } from "./save-types";

const require = createRequire(import.meta.url);
const LABEL_FONT = require.resolve("@expo-google-fonts/inter/700Bold/Inter_700Bold.ttf");

/** Pixels per world unit of an area's picture. */
const PX_PER_UNIT = 64;
/** Width in world units of a Custom_Tile at scale 1 (as PIECE_UNITS_AT_SCALE_1 in build.ts). */
export { TILE_UNITS_AT_SCALE_1 };
/** Tiles lie just on the table; zones reach from the table up to ZONE_HEIGHT. */
export const TILE_Y = 1.0;
export const TILE_THICKNESS = 0.1;
export const ZONE_HEIGHT = 4;

const SEAT_ACCENT: { [color: string]: string } = { White: "#f2f2f2", Red: "#e8615a", Yellow: "#f0cf4a", Blue: "#5ea2ef" };
const MIDDLE_ACCENT = "#e9c46a";
const FELT = "#23413e";

export function areaAccent(area: Area): string {
  return area.place < 0 ? MIDDLE_ACCENT : SEAT_ACCENT[PLACES[area.place].color];
}

function escapeXml(s: string): string {
  return s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

/** The SVG of an area's picture: image top = the area's far side (its +z), as boards are drawn. */
export function areaSvg(area: Area): string {
  const w = Math.round(area.width * PX_PER_UNIT);
  const h = Math.round(area.depth * PX_PER_UNIT);
  const accent = areaAccent(area);
  const edge = 0.12 * PX_PER_UNIT;
  const size = Math.round(Math.min(0.5 * PX_PER_UNIT, (w - 4 * edge) / (area.label.length * 0.62)));
  const label = escapeXml(area.label);
  const text = (transform: string) =>
    `<text x="${w / 2}" y="${h - 2 * edge - size * 0.3}" transform="${transform}" text-anchor="middle" font-family="Inter" font-weight="bold" font-size="${size}" fill="${accent}">${label}</text>`;
  const labels = [text(""), text(`rotate(180 ${w / 2} ${h / 2})`)];
  // A square area (the middle) is seen from every side: label all four edges.
  if (w === h) labels.push(text(`rotate(90 ${w / 2} ${h / 2})`), text(`rotate(270 ${w / 2} ${h / 2})`));
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">`,
    `<rect width="${w}" height="${h}" fill="${FELT}"/>`,
    `<rect x="${edge}" y="${edge}" width="${w - 2 * edge}" height="${h - 2 * edge}" rx="${edge * 2}" fill="none" stroke="${accent}" stroke-width="${edge * 0.6}" stroke-dasharray="${edge * 3} ${edge * 1.5}"/>`,
    ...labels,
    `</svg>`,
  ].join("");
}

/** The area's picture as an RGB PNG (drawn on the thread pool: the main thread goes on meanwhile). */
export async function areaImage(area: Area): Promise<Buffer> {
  const png = (await renderAsync(areaSvg(area), { font: { fontFiles: [LABEL_FONT], loadSystemFonts: false, defaultFontFamily: "Inter" } })).asPng();
  return sharp(png).flatten({ background: FELT }).png({ compressionLevel: 9 }).toBuffer();
}

/** The locked tile that shows an area (its picture at `url`). */
export function areaTile(area: Area, guid: string, url: string): AnyObject {
  const scale = round3(area.width / TILE_UNITS_AT_SCALE_1);
  return {
    GUID: guid,
    Name: objectName(NAMES.tile),
    Transform: { posX: area.centre.x, posY: TILE_Y, posZ: area.centre.z, rotX: 0, rotY: area.yaw, rotZ: 0, scaleX: scale, scaleY: 1, scaleZ: scale },
    Nickname: area.label,
    Description: "",
    GMNotes: `area/${area.id}`,
    Locked: true,
    Tooltip: false,
    CustomImage: { ImageURL: url, ImageSecondaryURL: url, WidthScale: 0, CustomTile: { Type: 0, Thickness: TILE_THICKNESS, Stackable: false, Stretch: true } },
  } as unknown as AnyObject;
}

/**
 * The fields TTS itself writes for every object it saves (as in an object exported from TTS:
 * AltLookAngle through XmlUI), with a zone's values. A save written without them loads in the
 * emulator but is not what TTS writes; with them a zone reads like one saved by TTS.
 */
export const SAVED_OBJECT_FIELDS = {
  Description: "",
  Tags: [] as string[],
  AltLookAngle: { x: 0, y: 0, z: 0 },
  ColorDiffuse: { r: 1, g: 1, b: 1 },
  LayoutGroupSortIndex: 0,
  Value: 0,
  Locked: true,
  Grid: false,
  Snap: false,
  IgnoreFoW: false,
  MeasureMovement: false,
  DragSelectable: true,
  Autoraise: true,
  Sticky: true,
  Tooltip: false,
  GridProjection: false,
  HideWhenFaceDown: false,
  Hands: false,
  LuaScript: "",
  LuaScriptState: "",
  XmlUI: "",
};

/** The ScriptingTrigger over an area: same centre, yaw and footprint (a zone's scale is its size). */
export function areaZone(area: Area, guid: string): AnyObject {
  return {
    GUID: guid,
    Name: objectName(NAMES.scripting),
    Transform: { posX: area.centre.x, posY: ZONE_HEIGHT / 2, posZ: area.centre.z, rotX: 0, rotY: area.yaw, rotZ: 0, scaleX: area.width, scaleY: ZONE_HEIGHT, scaleZ: area.depth },
    Nickname: area.label,
    GMNotes: `zone/${area.id}`,
    ...SAVED_OBJECT_FIELDS,
  } as unknown as AnyObject;
}
