/**
 * A parser for the XML our templates render: elements, attributes in double or single quotes,
 * text, and the five XML entities plus numeric ones. Anything else (comments, CDATA, processing
 * instructions, other entities, duplicate attributes, text after the root) is `Unsupported`, and
 * the face goes through svg-to-pdfkit instead, which accepts it the way it always did.
 *
 * It reads the same tree svg-to-pdfkit's own parser would (names `[\w:.-]+`, the same entity
 * decoding), so the direct PDF path sees exactly what svg-to-pdfkit would have seen.
 */

/** Thrown while reading an SVG the direct path does not cover; the caller falls back. */
export class Unsupported extends Error {}

export interface SvgNode {
  name: string;
  attrs: Map<string, string>;
  children: SvgNode[];
  /** Concatenated text of the element's own text children (svg-to-pdfkit's `textContent` for leaf text). */
  text: string;
  /** True if the element has text children (a `<text>` with content). */
  hasText: boolean;
}

const NAME = /[\w:.-]+/y;
const SPACE = /\s*/y;
const ATTR_VALUE = /\s*=\s*(?:"([^"]*)"|'([^']*)')/y;
const ENTITIES: Record<string, string> = { quot: '"', amp: "&", lt: "<", gt: ">", apos: "'" };
const ENTITY = /&(?:#([0-9]+)|#[xX]([0-9A-Fa-f]+)|([0-9A-Za-z]+));/g;

function decode(s: string): string {
  if (!s.includes("&")) return s;
  return s.replace(ENTITY, (all, dec: string | undefined, hex: string | undefined, named: string | undefined) => {
    // svg-to-pdfkit decodes with String.fromCharCode: code points above 0xFFFF would differ.
    if (dec !== undefined || hex !== undefined) {
      const code = dec !== undefined ? parseInt(dec, 10) : parseInt(hex!, 16);
      if (code > 0xffff) throw new Unsupported("astral character reference");
      return String.fromCharCode(code);
    }
    const e = ENTITIES[named!];
    if (e === undefined) throw new Unsupported(`entity &${named};`);
    return e;
  });
}

function match(re: RegExp, s: string, at: number): RegExpExecArray | null {
  re.lastIndex = at;
  return re.exec(s);
}

/** The root element of `svg`, or throws `Unsupported`. */
export function parseSvg(svg: string): SvgNode {
  const s = svg.trim();
  let i = 0;

  const element = (): SvgNode => {
    // At "<name".
    const name = match(NAME, s, i + 1);
    if (name === null || name.index !== i + 1) throw new Unsupported("markup other than elements");
    i = i + 1 + name[0].length;
    i += match(SPACE, s, i)![0].length;
    const node: SvgNode = { name: name[0], attrs: new Map(), children: [], text: "", hasText: false };
    for (;;) {
      const c = s.charCodeAt(i);
      if (c === 62 /* > */) {
        i++;
        break;
      }
      if (c === 47 /* / */ && s.charCodeAt(i + 1) === 62) {
        i += 2;
        return node;
      }
      const attr = match(NAME, s, i);
      if (attr === null || attr.index !== i) throw new Unsupported("malformed tag");
      i += attr[0].length;
      const value = match(ATTR_VALUE, s, i);
      if (value === null) throw new Unsupported("attribute without a value");
      i += value[0].length;
      if (node.attrs.has(attr[0])) throw new Unsupported("duplicate attribute");
      node.attrs.set(attr[0], decode(value[1] ?? value[2]));
      i += match(SPACE, s, i)![0].length;
    }
    // Content up to the closing tag.
    for (;;) {
      if (i >= s.length) throw new Unsupported("unclosed element");
      if (s.charCodeAt(i) === 60 /* < */) {
        if (s.charCodeAt(i + 1) === 47 /* / */) {
          const close = match(NAME, s, i + 2);
          if (close === null || close.index !== i + 2 || close[0] !== node.name) throw new Unsupported("mismatched closing tag");
          i = i + 2 + close[0].length;
          i += match(SPACE, s, i)![0].length;
          if (s.charCodeAt(i) !== 62) throw new Unsupported("malformed closing tag");
          i++;
          return node;
        }
        node.children.push(element());
      } else {
        const end = s.indexOf("<", i);
        const raw = s.slice(i, end < 0 ? s.length : end);
        node.text += decode(raw);
        node.hasText = true;
        i += raw.length;
      }
    }
  };

  if (s.charCodeAt(0) !== 60) throw new Unsupported("no root element");
  const root = element();
  if (s.slice(i).trim() !== "") throw new Unsupported("content after the root element");
  return root;
}
