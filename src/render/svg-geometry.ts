/**
 * Shapes, path data and transforms as svg-to-pdfkit computes them, operation for operation, so
 * the direct PDF path writes the very same numbers (arcs become the same Béziers, rotations the
 * same matrices). Inputs it would warn about are `Unsupported`.
 */
import { Unsupported } from "./svg-parse";

export type Matrix = [number, number, number, number, number, number];

/** A path command with absolute coordinates: move, line, curve (c1, c2, end) or close. */
export type Command = ["move", number, number] | ["line", number, number] | ["curve", number, number, number, number, number, number] | ["close"];

export interface SubPath {
  commands: Command[];
  /** svg-to-pdfkit's length of the sub-path: only `> 0` and `== 0` (1e-10) matter. */
  length: number;
}

/** svg-to-pdfkit's default precision (arcs in steps of at most π/3, lengths from 18 samples). */
const PRECISION = 3;

export const isEqual = (n: number, ref: number): boolean => Math.abs(n - ref) < 1e-10;

export function multiply(a: Matrix, b: Matrix): Matrix {
  return [a[0] * b[0] + a[2] * b[1], a[1] * b[0] + a[3] * b[1], a[0] * b[2] + a[2] * b[3], a[1] * b[2] + a[3] * b[3], a[0] * b[4] + a[2] * b[5] + a[4], a[1] * b[4] + a[3] * b[5] + a[5]];
}

export const IDENTITY: Matrix = [1, 0, 0, 1, 0, 0];

const NUMBER = /[-+]?(?:[0-9]+[.][0-9]+|[0-9]+[.]|[.][0-9]+|[0-9]+)(?:[eE][-+]?[0-9]+)?/y;
const SEPARATOR = /\s*,\s*|\s*/y;
const FLAG = /[01]/y;

/** A cursor over a string with svg-to-pdfkit's StringParser tokens. */
class Scanner {
  i = 0;
  constructor(readonly s: string) {}

  private take(re: RegExp): string | undefined {
    re.lastIndex = this.i;
    const m = re.exec(this.s);
    if (m === null) return undefined;
    this.i += m[0].length;
    return m[0];
  }

  number(): string | undefined {
    return this.take(NUMBER);
  }

  flag(): string | undefined {
    return this.take(FLAG);
  }

  separator(): void {
    this.take(SEPARATOR);
  }

  done(): boolean {
    return this.i >= this.s.length;
  }
}

/** A plain number (what svg-to-pdfkit's computeLength accepts without a unit), or Unsupported. */
export function plainNumber(value: string): number {
  const sc = new Scanner(value.trim());
  const n = sc.number();
  if (n === undefined || !sc.done()) throw new Unsupported(`not a plain number: ${value}`);
  return Number(n);
}

/** Numbers separated by spaces and/or commas (svg-to-pdfkit's number lists), or Unsupported. */
export function numberList(value: string): number[] {
  const sc = new Scanner(value.trim());
  const out = scanNumbers(sc);
  if (!sc.done()) throw new Unsupported(`not a number list: ${value}`);
  return out;
}

/** Numbers from the scanner's position on, each followed by an optional separator. */
function scanNumbers(sc: Scanner): number[] {
  const out: number[] = [];
  let n: string | undefined;
  while ((n = sc.number()) !== undefined) {
    out.push(Number(n));
    sc.separator();
  }
  return out;
}

const TRANSFORM = /([A-Za-z]+)\s*[(]([^(]+)[)]/y;
const transforms = new Map<string, Matrix>();

/** svg-to-pdfkit's parseTranform. */
export function parseTransform(value: string): Matrix {
  const cached = transforms.get(value);
  if (cached !== undefined) return cached;
  const s = value.trim();
  let at = 0;
  let result: Matrix = IDENTITY;
  for (;;) {
    TRANSFORM.lastIndex = at;
    const m = TRANSFORM.exec(s);
    if (m === null) break;
    at += m[0].length;
    const func = m[1];
    // svg-to-pdfkit ignores what follows the last number inside the parentheses.
    const nums = scanNumbers(new Scanner(m[2].trim()));
    if (func === "matrix" && nums.length === 6) result = multiply(result, nums as Matrix);
    else if (func === "translate" && nums.length === 2) result = multiply(result, [1, 0, 0, 1, nums[0], nums[1]]);
    else if (func === "translate" && nums.length === 1) result = multiply(result, [1, 0, 0, 1, nums[0], 0]);
    else if (func === "scale" && nums.length === 2) result = multiply(result, [nums[0], 0, 0, nums[1], 0, 0]);
    else if (func === "scale" && nums.length === 1) result = multiply(result, [nums[0], 0, 0, nums[0], 0, 0]);
    else if (func === "rotate" && nums.length === 3) {
      const a = (nums[0] * Math.PI) / 180;
      result = multiply(multiply(multiply(result, [1, 0, 0, 1, nums[1], nums[2]]), [Math.cos(a), Math.sin(a), -Math.sin(a), Math.cos(a), 0, 0]), [1, 0, 0, 1, -nums[1], -nums[2]]);
    } else if (func === "rotate" && nums.length === 1) {
      const a = (nums[0] * Math.PI) / 180;
      result = multiply(result, [Math.cos(a), Math.sin(a), -Math.sin(a), Math.cos(a), 0, 0]);
    } else if (func === "skewX" && nums.length === 1) result = multiply(result, [1, 0, Math.tan((nums[0] * Math.PI) / 180), 1, 0, 0]);
    else if (func === "skewY" && nums.length === 1) result = multiply(result, [1, Math.tan((nums[0] * Math.PI) / 180), 0, 1, 0, 0]);
    else throw new Unsupported(`transform ${func} with ${nums.length} numbers`);
    SEPARATOR.lastIndex = at;
    at += SEPARATOR.exec(s)![0].length;
  }
  if (at < s.length) throw new Unsupported(`transform: ${value}`);
  if (transforms.size >= 20000) transforms.clear();
  transforms.set(value, result);
  return result;
}

function curveValue(t: number, c: number[]): number {
  return (c[0] || 0) + (c[1] || 0) * t + (c[2] || 0) * t * t + (c[3] || 0) * t * t * t;
}

function bezierLength(p1x: number, p1y: number, c1x: number, c1y: number, c2x: number, c2y: number, p2x: number, p2y: number): number {
  const divisions = 6 * PRECISION;
  const derivativeX = [-3 * p1x + 3 * c1x, 6 * p1x - 12 * c1x + 6 * c2x, -3 * p1x + 9 * c1x - 9 * c2x + 3 * p2x];
  const derivativeY = [-3 * p1y + 3 * c1y, 6 * p1y - 12 * c1y + 6 * c2y, -3 * p1y + 9 * c1y - 9 * c2y + 3 * p2y];
  let length = 0;
  for (let i = 1; i <= divisions; i++) {
    const t = (i - 0.5) / divisions;
    const dx = curveValue(t, derivativeX) / divisions;
    const dy = curveValue(t, derivativeY) / divisions;
    length = length + Math.sqrt(dx * dx + dy * dy);
  }
  return length;
}

const lineLength = (x1: number, y1: number, x2: number, y2: number): number => Math.sqrt((x2 - x1) * (x2 - x1) + (y2 - y1) * (y2 - y1));

/** svg-to-pdfkit's SvgShape: absolute commands, built the way its methods build them. */
export class Shape {
  readonly commands: Command[] = [];
  private startX = 0;
  private startY = 0;
  private currX = 0;
  private currY = 0;
  private lastCom = "";
  private lastCtrlX = 0;
  private lastCtrlY = 0;
  private subs?: SubPath[];

  M(x: number, y: number): this {
    this.commands.push(["move", x, y]);
    this.startX = this.currX = x;
    this.startY = this.currY = y;
    this.lastCom = "M";
    return this;
  }

  Z(): this {
    this.commands.push(["close"]);
    this.currX = this.startX;
    this.currY = this.startY;
    this.lastCom = "Z";
    return this;
  }

  L(x: number, y: number): this {
    this.commands.push(["line", x, y]);
    this.currX = x;
    this.currY = y;
    this.lastCom = "L";
    return this;
  }

  C(c1x: number, c1y: number, c2x: number, c2y: number, x: number, y: number): this {
    this.curve(c1x, c1y, c2x, c2y, x, y);
    this.lastCom = "C";
    this.lastCtrlX = c2x;
    this.lastCtrlY = c2y;
    return this;
  }

  private curve(c1x: number, c1y: number, c2x: number, c2y: number, x: number, y: number): void {
    this.commands.push(["curve", c1x, c1y, c2x, c2y, x, y]);
    this.currX = x;
    this.currY = y;
  }

  Q(cx: number, cy: number, x: number, y: number): this {
    const c1x = this.currX + (2 / 3) * (cx - this.currX);
    const c1y = this.currY + (2 / 3) * (cy - this.currY);
    const c2x = x + (2 / 3) * (cx - x);
    const c2y = y + (2 / 3) * (cy - y);
    this.curve(c1x, c1y, c2x, c2y, x, y);
    this.lastCom = "Q";
    this.lastCtrlX = cx;
    this.lastCtrlY = cy;
    return this;
  }

  A(rx: number, ry: number, fi: number, fa: number, fs: number, x: number, y: number): this {
    const currX = this.currX;
    const currY = this.currY;
    if (isEqual(rx, 0) || isEqual(ry, 0)) {
      this.commands.push(["line", x, y]);
      this.currX = x;
      this.currY = y;
    } else {
      fi = fi * (Math.PI / 180);
      rx = Math.abs(rx);
      ry = Math.abs(ry);
      fa = 1 * Number(!!fa);
      fs = 1 * Number(!!fs);
      const x1 = (Math.cos(fi) * (currX - x)) / 2 + (Math.sin(fi) * (currY - y)) / 2;
      const y1 = (Math.cos(fi) * (currY - y)) / 2 - (Math.sin(fi) * (currX - x)) / 2;
      const lambda = (x1 * x1) / (rx * rx) + (y1 * y1) / (ry * ry);
      if (lambda > 1) {
        rx *= Math.sqrt(lambda);
        ry *= Math.sqrt(lambda);
      }
      const r = Math.sqrt(Math.max(0, rx * rx * ry * ry - rx * rx * y1 * y1 - ry * ry * x1 * x1) / (rx * rx * y1 * y1 + ry * ry * x1 * x1));
      const x2 = ((fa === fs ? -1 : 1) * r * rx * y1) / ry;
      const y2 = ((fa === fs ? 1 : -1) * r * ry * x1) / rx;
      const cx = Math.cos(fi) * x2 - Math.sin(fi) * y2 + (currX + x) / 2;
      const cy = Math.sin(fi) * x2 + Math.cos(fi) * y2 + (currY + y) / 2;
      const th1 = Math.atan2((y1 - y2) / ry, (x1 - x2) / rx);
      let th2 = Math.atan2((-y1 - y2) / ry, (-x1 - x2) / rx);
      if (fs === 0 && th2 - th1 > 0) th2 -= 2 * Math.PI;
      else if (fs === 1 && th2 - th1 < 0) th2 += 2 * Math.PI;
      const segms = Math.ceil(Math.abs(th2 - th1) / (Math.PI / PRECISION));
      for (let i = 0; i < segms; i++) {
        const th3 = th1 + (i * (th2 - th1)) / segms;
        const th4 = th1 + ((i + 1) * (th2 - th1)) / segms;
        const t = (4 / 3) * Math.tan((th4 - th3) / 4);
        const c1x = cx + Math.cos(fi) * rx * (Math.cos(th3) - t * Math.sin(th3)) - Math.sin(fi) * ry * (Math.sin(th3) + t * Math.cos(th3));
        const c1y = cy + Math.sin(fi) * rx * (Math.cos(th3) - t * Math.sin(th3)) + Math.cos(fi) * ry * (Math.sin(th3) + t * Math.cos(th3));
        const c2x = cx + Math.cos(fi) * rx * (Math.cos(th4) + t * Math.sin(th4)) - Math.sin(fi) * ry * (Math.sin(th4) - t * Math.cos(th4));
        const c2y = cy + Math.sin(fi) * rx * (Math.cos(th4) + t * Math.sin(th4)) + Math.cos(fi) * ry * (Math.sin(th4) - t * Math.cos(th4));
        const endX = cx + Math.cos(fi) * rx * Math.cos(th4) - Math.sin(fi) * ry * Math.sin(th4);
        const endY = cy + Math.sin(fi) * rx * Math.cos(th4) + Math.cos(fi) * ry * Math.sin(th4);
        this.curve(c1x, c1y, c2x, c2y, endX, endY);
      }
    }
    this.lastCom = "A";
    return this;
  }

  /** Applies one path-data command with its numbers (svg-to-pdfkit's letter methods). */
  apply(command: string, v: number[]): void {
    const { currX, currY } = this;
    switch (command) {
      case "M": this.M(v[0], v[1]); break;
      case "m": this.M(currX + v[0], currY + v[1]); break;
      case "Z": case "z": this.Z(); break;
      case "L": this.L(v[0], v[1]); break;
      case "l": this.L(currX + v[0], currY + v[1]); break;
      case "H": this.L(v[0], currY); break;
      case "h": this.L(currX + v[0], currY); break;
      case "V": this.L(currX, v[0]); break;
      case "v": this.L(currX, currY + v[0]); break;
      case "C": this.C(v[0], v[1], v[2], v[3], v[4], v[5]); break;
      case "c": this.C(currX + v[0], currY + v[1], currX + v[2], currY + v[3], currX + v[4], currY + v[5]); break;
      case "S": this.C(currX + (this.lastCom === "C" ? currX - this.lastCtrlX : 0), currY + (this.lastCom === "C" ? currY - this.lastCtrlY : 0), v[0], v[1], v[2], v[3]); break;
      case "s": this.C(currX + (this.lastCom === "C" ? currX - this.lastCtrlX : 0), currY + (this.lastCom === "C" ? currY - this.lastCtrlY : 0), currX + v[0], currY + v[1], currX + v[2], currY + v[3]); break;
      case "Q": this.Q(v[0], v[1], v[2], v[3]); break;
      case "q": this.Q(currX + v[0], currY + v[1], currX + v[2], currY + v[3]); break;
      case "T": this.Q(currX + (this.lastCom === "Q" ? currX - this.lastCtrlX : 0), currY + (this.lastCom === "Q" ? currY - this.lastCtrlY : 0), v[0], v[1]); break;
      case "t": this.Q(currX + (this.lastCom === "Q" ? currX - this.lastCtrlX : 0), currY + (this.lastCom === "Q" ? currY - this.lastCtrlY : 0), currX + v[0], currY + v[1]); break;
      case "A": this.A(v[0], v[1], v[2], v[3], v[4], v[5], v[6]); break;
      case "a": this.A(v[0], v[1], v[2], v[3], v[4], currX + v[5], currY + v[6]); break;
    }
  }

  /**
   * The sub-paths (split before every move but the first) with their lengths, each measured from
   * a fresh start as svg-to-pdfkit's getSubPaths does.
   */
  subPaths(): SubPath[] {
    if (this.subs !== undefined) return this.subs;
    const out: SubPath[] = [];
    let cur: Command[] = [];
    this.commands.forEach((c, i) => {
      if (c[0] === "move" && i !== 0) {
        out.push({ commands: cur, length: measure(cur) });
        cur = [];
      }
      cur.push(c);
    });
    out.push({ commands: cur, length: measure(cur) });
    this.subs = out;
    return out;
  }
}

function measure(commands: Command[]): number {
  let startX = 0;
  let startY = 0;
  let x = 0;
  let y = 0;
  let total = 0;
  for (const c of commands) {
    switch (c[0]) {
      case "move":
        startX = x = c[1];
        startY = y = c[2];
        break;
      case "line":
        total += lineLength(x, y, c[1], c[2]);
        x = c[1];
        y = c[2];
        break;
      case "curve":
        total += bezierLength(x, y, c[1], c[2], c[3], c[4], c[5], c[6]);
        x = c[5];
        y = c[6];
        break;
      case "close":
        total += lineLength(x, y, startX, startY);
        x = startX;
        y = startY;
        break;
    }
  }
  return total;
}

const PATH_ARGUMENTS: Record<string, number> = { A: 7, a: 7, C: 6, c: 6, H: 1, h: 1, L: 2, l: 2, M: 2, m: 2, Q: 4, q: 4, S: 4, s: 4, T: 2, t: 2, V: 1, v: 1, Z: 0, z: 0 };
const COMMAND = /[astvzqmhlcASTVZQMHLC]/y;
const paths = new Map<string, Shape>();

/** svg-to-pdfkit's SvgShape.path(d); data it would warn about is Unsupported. Cached by `d`. */
export function pathShape(d: string): Shape {
  const cached = paths.get(d);
  if (cached !== undefined) return cached;
  const shape = new Shape();
  const sc = new Scanner(d.trim());
  for (;;) {
    COMMAND.lastIndex = sc.i;
    const m = COMMAND.exec(sc.s);
    if (m === null) break;
    sc.i++;
    let command = m[0];
    sc.separator();
    let values: number[] = [];
    let value: string | undefined;
    while ((value = (command === "A" || command === "a") && (values.length === 3 || values.length === 4) ? sc.flag() : sc.number()) !== undefined) {
      sc.separator();
      if (values.length === PATH_ARGUMENTS[command]) {
        shape.apply(command, values);
        values = [];
        if (command === "M") command = "L";
        else if (command === "m") command = "l";
      }
      values.push(Number(value));
    }
    if (values.length !== PATH_ARGUMENTS[command]) throw new Unsupported(`path command ${command} with ${values.length} numbers`);
    shape.apply(command, values);
  }
  if (!sc.done()) throw new Unsupported("unexpected path data");
  if (paths.size >= 20000) paths.clear(); // bounded for long `watch` sessions
  paths.set(d, shape);
  return shape;
}
