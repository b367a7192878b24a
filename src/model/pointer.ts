/** JSON pointers (RFC 6901) into the `rules:` mapping of rules.yaml. */
import { didYouMean } from "./suggest";

export type PointerResult = { ok: true; value: unknown } | { ok: false; detail: string };

export function resolvePointer(root: unknown, pointer: string): PointerResult {
  if (pointer === "") return { ok: true, value: root };
  const parts = pointer
    .slice(1)
    .split("/")
    .map((p) => p.replace(/~1/g, "/").replace(/~0/g, "~"));
  let node = root;
  let walked = "";
  for (const part of parts) {
    const where = walked === "" ? "rules:" : JSON.stringify(walked);
    if (Array.isArray(node)) {
      const i = /^(0|[1-9][0-9]*)$/.test(part) ? Number(part) : NaN;
      if (!(i < node.length)) return { ok: false, detail: `${where} is a list of ${node.length}; no item ${JSON.stringify(part)}` };
      node = node[i];
    } else if (node !== null && typeof node === "object") {
      const keys = Object.keys(node);
      if (!Object.prototype.hasOwnProperty.call(node, part)) {
        return {
          ok: false,
          detail: `no key ${JSON.stringify(part)} under ${where}` + (didYouMean(part, keys) || (keys.length > 0 ? ` (keys: ${keys.join(", ")})` : " (it is empty)")),
        };
      }
      node = (node as Record<string, unknown>)[part];
    } else {
      return { ok: false, detail: `${where} is a plain value, not a list or mapping` };
    }
    walked += "/" + part;
  }
  return { ok: true, value: node };
}
