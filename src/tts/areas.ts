/**
 * The table's labelled play areas (src/table/layout.ts `tableAreas`): each is outlined by a
 * vector line drawn into the save (its top-level `VectorLines`), labelled with locked 3D text,
 * and matched by a ScriptingTrigger of exactly the outline's footprint, so the area players see
 * is the one the script reads. Neither a line nor text can be stretched the way TTS stretches a
 * non-square `Custom_Tile` image (its knowledge base: `Stretch` makes tiles symmetrical), so
 * their extent is the points written here (test/tts/areas.test.ts compares them to the zones).
 *
 * The save format (TTS knowledge base, Save File Format: `List<VectorLineState> VectorLines;
 * // Vector lines on canvas 0 (table + beyond)`; a VectorLineState has `points3`, `color`,
 * `thickness`, `rotation`, `loop`, as in @typed-tabletop-simulator/declaration's VectorLineData).
 * TTS API, setVectorLines: `points` are "Vector positions for each point on the line",
 * `thickness` "How thick the line is (in Unity units)", defaults 0.1; `rotation` defaults to
 * {0,0,0} (kept so: a rotation would turn the points about a pivot the docs do not name).
 */
import { PLACES, TILE_UNITS_AT_SCALE_1, type Area, type Point } from "../table/layout";
import { NAMES, objectName, type AnyObject } from "./save-types";

export { TILE_UNITS_AT_SCALE_1 };
/** Zones reach from the table up to ZONE_HEIGHT. */
export const ZONE_HEIGHT = 4;
/** Height of the outlines: the API docs' example draws "above the middle of the table" at y = 1. */
export const LINE_Y = 1;
/** The API's default line thickness (world units). */
export const LINE_THICKNESS = 0.1;
/** Height of the labels' 3D text: just on the table, under the cards (placed at TABLE_Y 1.2). */
export const LABEL_Y = 1.02;
/** How far inside its area's near edge a label's middle lies (world units). */
export const LABEL_INSET = 0.5;

/** Colours as TTS saves them (r, g, b from 0 to 1). */
export interface Rgb {
  r: number;
  g: number;
  b: number;
}

/** One saved vector line (TTS VectorLineState). */
export interface VectorLine {
  points3: { x: number; y: number; z: number }[];
  color: Rgb;
  thickness: number;
  rotation: { x: number; y: number; z: number };
  loop: boolean;
}

const SEAT_ACCENT: { [color: string]: Rgb } = {
  White: { r: 0.949, g: 0.949, b: 0.949 },
  Red: { r: 0.91, g: 0.38, b: 0.353 },
  Yellow: { r: 0.941, g: 0.812, b: 0.29 },
  Blue: { r: 0.369, g: 0.635, b: 0.937 },
};
const MIDDLE_ACCENT: Rgb = { r: 0.914, g: 0.769, b: 0.416 };

export function areaAccent(area: Area): Rgb {
  return area.place < 0 ? MIDDLE_ACCENT : SEAT_ACCENT[PLACES[area.place].color];
}

function round6(v: number): number {
  return Math.round(v * 1e6) / 1e6 + 0;
}

/** A point of the area's own frame (x along its width, z along its depth) in world units. */
function areaPoint(area: Area, lx: number, lz: number): Point {
  const a = (area.yaw * Math.PI) / 180;
  // The same rotation as layout.ts toWorld (TTS: yaw turns +x towards -z).
  return { x: round6(area.centre.x + lx * Math.cos(a) + lz * Math.sin(a)), z: round6(area.centre.z - lx * Math.sin(a) + lz * Math.cos(a)) };
}

/** The area's four corners, in order around it. */
export function areaCorners(area: Area): Point[] {
  const w = area.width / 2;
  const d = area.depth / 2;
  return [areaPoint(area, -w, -d), areaPoint(area, w, -d), areaPoint(area, w, d), areaPoint(area, -w, d)];
}

/** The closed vector line around an area. */
export function areaOutline(area: Area): VectorLine {
  return {
    points3: areaCorners(area).map((p) => ({ x: p.x, y: LINE_Y, z: p.z })),
    color: areaAccent(area),
    thickness: LINE_THICKNESS,
    rotation: { x: 0, y: 0, z: 0 },
    loop: true,
  };
}

/**
 * Font size of an area's label: 64 (the 3D text default) for a short one, smaller so a long one
 * stays within its area's width (the size TTS draws is seen only in TTS; docs/tts.md).
 */
export function labelFontSize(area: Area): number {
  return Math.max(24, Math.min(64, Math.floor((64 * area.width) / (area.label.length * 0.4))));
}

/**
 * The places an area's labels face: a seat's areas their seat, the middle every place in `places`.
 * Each label lies inside the area's edge nearest its reader, reading upright from that seat
 * (3D text lying flat: rotX 90, turned by the reader's yaw).
 */
export function areaLabels(area: Area, places: number[], guid: (reader: number) => string): AnyObject[] {
  const readers = area.place < 0 ? places : [area.place];
  return readers.map((reader) => {
    const yaw = PLACES[reader].yaw;
    // The edge nearest the reader, in the reader's frame (for a seat's own area the area's frame).
    const a = ((yaw - area.yaw) * Math.PI) / 180;
    const reach = (Math.abs(Math.cos(a)) * area.depth + Math.abs(Math.sin(a)) * area.width) / 2;
    const toReader = { x: -Math.sin((yaw * Math.PI) / 180), z: -Math.cos((yaw * Math.PI) / 180) };
    const at = { x: round6(area.centre.x + toReader.x * (reach - LABEL_INSET)), z: round6(area.centre.z + toReader.z * (reach - LABEL_INSET)) };
    const color = areaAccent(area);
    return {
      GUID: guid(reader),
      Name: "3DText",
      Transform: { posX: at.x, posY: LABEL_Y, posZ: at.z, rotX: 90, rotY: yaw, rotZ: 0, scaleX: 1, scaleY: 1, scaleZ: 1 },
      Nickname: area.label,
      GMNotes: `label/${area.id}/${PLACES[reader].color}`,
      ...SAVED_OBJECT_FIELDS,
      Text: { Text: area.label, colorstate: color, fontSize: labelFontSize(area) },
    } as unknown as AnyObject;
  });
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
