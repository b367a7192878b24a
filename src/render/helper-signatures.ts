/**
 * How each template helper is called, so a call with missing arguments or a misspelt option is
 * reported with the helper's name, where it is called and how it is written — not as a
 * JavaScript error from inside the helper. The helpers themselves live in helpers.ts.
 */
import type { HelperOptions } from "handlebars";
import { didYouMean } from "../model/suggest";

export interface Signature {
  /** Positional arguments every call needs. */
  required: string[];
  /** key=value options it reads (undefined: any). */
  options?: string[];
  /** A block helper ({{#name}}…{{/name}}). */
  block?: boolean;
  usage: string;
}

const TEXT_OPTIONS = ["size", "min", "style", "font", "color", "align", "valign", "lh", "label"];

export const SIGNATURES: Record<string, Signature> = {
  icon: { required: ["name", "cx", "cy", "size", "color"], options: [], usage: '{{{icon "name" cx cy size color}}}' },
  text: { required: ["value", "x", "y", "w", "h"], options: TEXT_OPTIONS, usage: '{{{text item.text x y w h size=4 min=2.5 style="bold" color="#000" align="middle" valign="middle"}}}' },
  moonPhase: { required: ["position", "cx", "cy", "r", "lit", "dark", "outline"], options: [], usage: "{{{moonPhase position cx cy r lit dark outline}}}" },
  div: { required: ["a", "b"], options: [], usage: "{{div a b}}" },
  add: { required: ["a", "b"], options: [], usage: "{{add a b}}" },
  sub: { required: ["a", "b"], options: [], usage: "{{sub a b}}" },
  mul: { required: ["a", "b"], options: [], usage: "{{mul a b}}" },
  pips: { required: ["n", "icon", "x", "y", "w", "h", "size", "color"], options: [], usage: '{{{pips n "icon" x y w h size color}}}' },
  players: { required: ["n", "cx", "cy", "size", "color"], options: [], usage: "{{{players n cx cy size color}}}" },
  image: { required: ["path", "x", "y", "w", "h"], options: ["fit", "crop"], usage: '{{{image item.image x y w h fit="cover" crop="x y w h"}}}' },
  flow: { required: ["sections", "x", "y", "w", "h"], options: ["columns", "size", "min", "color", "accent", "rule", "shade", "font"], usage: '{{{flow item.sections x y w h columns=2 size=3.2}}}' },
  across: { required: ["list", "x", "w"], options: [], block: true, usage: "{{#across list x w}}…{{/across}}" },
  around: { required: ["list", "cx", "cy", "r"], options: ["start", "span", "offset"], block: true, usage: "{{#around list cx cy r start=-90 span=360}}…{{/around}}" },
};

/** The type styles text can be set in (the bundled faces; a game font's nearest face is picked). */
const STYLES = ["regular", "bold", "heavy", "italic"];

/** Options whose value is one of a few words, what they are called, and the word a designer may mean by another one. */
const OPTION_VALUES: Record<string, Record<string, { values: string[]; what: string; means?: Record<string, string> }>> = {
  text: {
    style: { values: STYLES, what: "type style", means: { normal: "regular", light: "regular", black: "heavy", oblique: "italic" } },
    align: { values: ["start", "middle", "end"], what: "horizontal alignment", means: { left: "start", center: "middle", centre: "middle", right: "end" } },
    valign: { values: ["top", "middle", "bottom"], what: "vertical alignment", means: { center: "middle", centre: "middle" } },
  },
  image: { fit: { values: ["cover", "contain", "stretch"], what: "way to fit the picture", means: { fill: "stretch" } } },
};

/**
 * A key=value option whose (written) value is none of the ones the helper knows, or undefined:
 * `align="right"` names start, middle, end and which one it likely means. Only values written in
 * the template are known before rendering; a value from the data is checked as the face renders.
 */
export function optionValueProblem(name: string, key: string, value: unknown): string | undefined {
  const option = OPTION_VALUES[name]?.[key];
  if (option === undefined || value === undefined || option.values.includes(value as string)) return undefined;
  const meant = typeof value === "string" ? option.means?.[value.toLowerCase()] : undefined;
  const hint = meant !== undefined ? ` (for ${JSON.stringify(value)} write ${key}="${meant}")` : typeof value === "string" ? didYouMean(value, option.values) : "";
  return `helper ${name}: ${key}=${JSON.stringify(value)} is no ${option.what}${hint}; ${key} is one of ${option.values.join(", ")}`;
}

/** The first option of a call whose value is not one the helper knows (see optionValueProblem). */
export function optionValuesProblem(name: string, hash: Readonly<Record<string, unknown>>): string | undefined {
  for (const [key, value] of Object.entries(hash)) {
    const problem = optionValueProblem(name, key, value);
    if (problem !== undefined) return problem;
  }
  return undefined;
}

/** A call's problem against the signature (argument count, option names), or undefined. */
export function callProblem(name: string, positional: number, hashKeys: readonly string[]): string | undefined {
  const sig = SIGNATURES[name];
  if (sig === undefined) return undefined;
  if (positional < sig.required.length) {
    const missing = sig.required.slice(positional);
    return `helper ${name} needs ${sig.required.length} argument${sig.required.length === 1 ? "" : "s"} (${sig.required.join(" ")}), got ${positional}: ${missing.join(", ")} missing; write ${sig.usage}`;
  }
  if (sig.options !== undefined) {
    const bad = hashKeys.find((k) => !sig.options!.includes(k));
    if (bad !== undefined) {
      const known = sig.options.length > 0 ? `; it reads ${sig.options.map((o) => `${o}=`).join(" ")}` : "; it takes no key=value options";
      return `helper ${name} has no option ${bad}=${didYouMean(bad, sig.options)}${known}; write ${sig.usage}`;
    }
  }
  return undefined;
}

/** Where a helper call is, prefixed to its errors so checks can locate them ("line 3, column 5: …"). */
export const CALL_AT = /^line (\d+), column (\d+): /;

/**
 * The helper wrapped so a wrong call fails with the helper's name, its place in the template and
 * its signature (Handlebars hands every helper its call's location in options.loc).
 */
export function withSignature(name: string, fn: (...args: any[]) => unknown): (...args: any[]) => unknown {
  return function (this: unknown, ...args: unknown[]) {
    const options = args[args.length - 1] as Partial<HelperOptions> & { loc?: { start: { line: number; column: number } } };
    const at = options?.loc ? `line ${options.loc.start.line}, column ${options.loc.start.column + 1}: ` : "";
    const problem = callProblem(name, args.length - 1, Object.keys(options?.hash ?? {})) ?? optionValuesProblem(name, (options?.hash as Record<string, unknown> | undefined) ?? {});
    if (problem !== undefined) throw new Error(`${at}${problem}`);
    try {
      return fn.apply(this, args);
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      if (CALL_AT.test(message)) throw err; // from a helper nested inside this one's block
      const usage = SIGNATURES[name]?.usage;
      throw new Error(`${at}${message.startsWith(`helper ${name}`) ? message : `helper ${name}: ${message}`}${usage === undefined ? "" : ` (${usage})`}`, { cause: err });
    }
  };
}
