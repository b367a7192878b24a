/**
 * Turns zod issues into located diagnostics with messages a card designer can act on:
 * "expected an integer 1..30, got "x"", "unknown key "nmae" (did you mean "name"?)".
 * Works for any zod schema, including the engine owners' rules schemas.
 */
import type { z } from "zod";
import { diagnostics, type Diagnostic, type PathSegment } from "./diagnostics";
import type { YamlSource } from "./yaml-source";

type Issue = z.core.$ZodIssue;
type AnySchema = z.core.$ZodType;

/** Validates `source.value` against `schema`; returns the parsed value or the diagnostics. */
export function validateWith<S extends AnySchema>(
  schema: S,
  source: YamlSource,
): { ok: true; value: z.output<S> } | { ok: false; diagnostics: Diagnostic[] } {
  const result = (schema as unknown as z.ZodType).safeParse(source.value, { reportInput: true });
  if (result.success) return { ok: true, value: result.data as z.output<S> };
  const out: Diagnostic[] = [];
  for (const issue of result.error.issues) out.push(...issueToDiagnostics(issue, [], schema, source));
  return { ok: false, diagnostics: out };
}

const TYPE_NAMES: Record<string, string> = {
  string: "a string",
  number: "a number",
  int: "an integer",
  boolean: "true or false",
  object: "a mapping",
  array: "a list",
  record: "a mapping",
  null: "null",
  literal: "a fixed value",
};

function issueToDiagnostics(issue: Issue, prefix: readonly PathSegment[], root: AnySchema, source: YamlSource): Diagnostic[] {
  const path = [...prefix, ...(issue.path as PathSegment[])];
  const input = (issue as { input?: unknown }).input;
  const here = () => source.locate(path);
  switch (issue.code) {
    case "invalid_type": {
      if (input === undefined && path.length > 0) {
        const parent = path.slice(0, -1);
        return [diagnostics.missingKey(source.locate(parent), parent, String(path[path.length - 1]))];
      }
      if (isCustom(issue.message)) return [diagnostics.invalid(here(), path, issue.message)];
      return [diagnostics.wrongType(here(), path, TYPE_NAMES[issue.expected] ?? issue.expected, input)];
    }
    case "invalid_value":
      if (isCustom(issue.message)) return [diagnostics.invalid(here(), path, issue.message)];
      return [diagnostics.badValue(here(), path, issue.values, input)];
    case "unrecognized_keys": {
      const allowed = objectKeysAt(root, path, source.value);
      return issue.keys.map((key) => diagnostics.unknownKey(source.locate([...path, key], { key: true }), [...path, key], key, allowed));
    }
    case "too_small":
    case "too_big": {
      if (isCustom(issue.message)) return [diagnostics.invalid(here(), path, issue.message)];
      const bound = issue.code === "too_small" ? issue.minimum : issue.maximum;
      const inclusive = issue.inclusive !== false;
      const small = issue.code === "too_small";
      const word = small ? (inclusive ? "at least" : "more than") : inclusive ? "at most" : "less than";
      if (issue.origin === "array" || issue.origin === "set") {
        const n = Array.isArray(input) ? input.length : "?";
        return [diagnostics.outOfRange(here(), path, `${word} ${String(bound)} item(s)`, `${n} item(s)`)];
      }
      if (issue.origin === "string") {
        if (small && Number(bound) === 1) return [diagnostics.invalid(here(), path, "must not be empty")];
        return [diagnostics.outOfRange(here(), path, `${word} ${String(bound)} characters`, input)];
      }
      return [diagnostics.outOfRange(here(), path, `a number ${word} ${String(bound)}`, input)];
    }
    case "invalid_union": {
      const u = issue as Issue & { discriminator?: string; options?: unknown[]; errors: Issue[][] };
      if (u.discriminator !== undefined) {
        const value = (input as Record<string, unknown> | undefined)?.[u.discriminator];
        const discPath = path[path.length - 1] === u.discriminator ? path : [...path, u.discriminator];
        if (value === undefined) return [diagnostics.missingKey(source.locate(discPath.slice(0, -1)), discPath.slice(0, -1), u.discriminator)];
        return [diagnostics.badValue(source.locate(discPath), discPath, u.options ?? [], value)];
      }
      // Report the branch that came closest (fewest issues), so the user sees concrete fixes.
      const branches = u.errors.filter((b) => b.length > 0).sort((a, b) => a.length - b.length);
      if (branches.length === 0 || isCustom(issue.message)) return [diagnostics.invalid(here(), path, issue.message)];
      const typeOnly = branches.every((b) => b.length === 1 && b[0].code === "invalid_type" && b[0].path.length === 0);
      if (typeOnly) {
        const expected = [...new Set(branches.map((b) => (b[0] as { expected: string }).expected))].map((t) => TYPE_NAMES[t] ?? t);
        return [diagnostics.wrongType(here(), path, expected.join(" or "), input)];
      }
      return branches[0].flatMap((sub) => issueToDiagnostics(sub, path, root, source));
    }
    case "invalid_key": {
      // A record key that fails its schema: report the key's own problem at the key.
      const nested = (issue as { issues?: Issue[] }).issues ?? [];
      const custom = nested.map((n) => n.message).filter(isCustom);
      const message = custom.length > 0 ? `bad key: ${custom.join("; ")}` : `bad key ${JSON.stringify(path[path.length - 1])}`;
      return [diagnostics.invalid(source.locate(path, { key: true }), path, message)];
    }
    default:
      return [diagnostics.invalid(here(), path, issue.message)];
  }
}

/** Messages written by our own schema helpers start with "expected" or a lowercase word; zod's defaults start with "Invalid". */
function isCustom(message: string): boolean {
  return !/^(Invalid|Too (small|big)|Unrecognized)/.test(message);
}

interface Def {
  type: string;
  shape?: Record<string, AnySchema>;
  element?: AnySchema;
  innerType?: AnySchema;
  in?: AnySchema;
  options?: AnySchema[];
  discriminator?: string;
  valueType?: AnySchema;
  items?: AnySchema[];
  getter?: () => AnySchema;
  left?: AnySchema;
  right?: AnySchema;
}
const defOf = (s: AnySchema): Def => (s as unknown as { _zod: { def: Def } })._zod.def;

/** Peels wrappers (optional, default, pipe, lazy…) until a structural schema. */
function unwrap(s: AnySchema): AnySchema {
  for (let i = 0; i < 50; i++) {
    const d = defOf(s);
    if (d.innerType) s = d.innerType;
    else if (d.type === "pipe" && d.in) s = d.in;
    else if (d.type === "lazy" && d.getter) s = d.getter();
    else return s;
  }
  return s;
}

/** Object schemas that may describe the value at `path` (several for unions). */
function objectsAt(schema: AnySchema, path: readonly PathSegment[], data: unknown): AnySchema[] {
  const s = unwrap(schema);
  const d = defOf(s);
  if (d.type === "union" && d.options) {
    let options = d.options;
    if (d.discriminator !== undefined && data !== null && typeof data === "object") {
      const value = (data as Record<string, unknown>)[d.discriminator];
      const matching = options.filter((o) => {
        const field = defOf(unwrap(o)).shape?.[d.discriminator as string];
        const values = field ? (defOf(field) as { values?: unknown[] }).values : undefined;
        return values?.includes(value);
      });
      if (matching.length > 0) options = matching;
    }
    return options.flatMap((o) => objectsAt(o, path, data));
  }
  if (d.type === "intersection" && d.left && d.right) return [...objectsAt(d.left, path, data), ...objectsAt(d.right, path, data)];
  if (path.length === 0) return d.type === "object" ? [s] : [];
  const [seg, ...rest] = path;
  const child = data !== null && typeof data === "object" ? (data as Record<string, unknown>)[seg as string] : undefined;
  if (d.type === "object" && d.shape && typeof seg === "string" && d.shape[seg]) return objectsAt(d.shape[seg], rest, child);
  if (d.type === "array" && d.element) return objectsAt(d.element, rest, child);
  if (d.type === "record" && d.valueType) return objectsAt(d.valueType, rest, child);
  if (d.type === "tuple" && d.items && typeof seg === "number" && d.items[seg]) return objectsAt(d.items[seg], rest, child);
  return [];
}

/** Keys a strict object at `path` accepts: the candidates for "did you mean". */
export function objectKeysAt(schema: AnySchema, path: readonly PathSegment[], data: unknown): string[] {
  const keys = new Set<string>();
  for (const o of objectsAt(schema, path, data)) for (const k of Object.keys(defOf(o).shape ?? {})) keys.add(k);
  return [...keys];
}
