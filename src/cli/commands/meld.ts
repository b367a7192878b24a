/**
 * `syzygy meld <card...>`: classifies a set of Eclipsed cards into its best meld (EC-18) and
 * values it through the per-meld steps of EC-29 under the given Edicts and meter. Round-level
 * steps (top meld ×1.5, −6, ⚡Warden, +8/+6/+5, deadwood) belong to round scoring, not here.
 */
import type { Command } from "commander";
import { allCardIds, findCard } from "../../engine/eclipsed/cards";
import type { DeckCard } from "../../engine/eclipsed/data-types";
import { ECLIPSED_RULES } from "../../engine/eclipsed/cards";
import { resolveEdicts } from "../../engine/eclipsed/edicts";
import { classifyMeld, meldRow, valueMeld } from "../../engine/eclipsed/meld";
import { CliError, UsageError } from "../errors";

function distance(a: string, b: string): number {
  const prev: number[] = [];
  for (let j = 0; j <= b.length; j++) prev.push(j);
  for (let i = 1; i <= a.length; i++) {
    let diag = prev[0];
    prev[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const up = prev[j];
      prev[j] = Math.min(prev[j] + 1, prev[j - 1] + 1, diag + (a[i - 1] === b[j - 1] ? 0 : 1));
      diag = up;
    }
  }
  return prev[b.length];
}

/** A card by id, or a usage error suggesting the nearest ids. */
export function cardArg(id: string, where: string): DeckCard {
  const ids = allCardIds();
  // Only the deck's own ids: the lookup table is a plain object, where "__proto__" or "constructor" would find something.
  const card = ids.includes(id) ? findCard(id) : undefined;
  if (card !== undefined) return card;
  const scored = ids.map((known) => ({ known, d: distance(id.toLowerCase(), known) })).sort((x, y) => x.d - y.d);
  const close = scored.filter((s) => s.d <= Math.max(2, scored[0].d)).slice(0, 3).map((s) => s.known);
  throw new UsageError(
    `syzygy meld: unknown card "${id}" in ${where}. Did you mean ${close.join(", ")}?\n` +
      `Card ids are <suit>-<rank>: suits solar, arc, void, stasis; ranks 1 (Traveler) … 10, 11 (Scout), 12 (Sage), 13 (Warden).`,
  );
}

export interface MeldCommandOptions {
  edicts?: string;
  meter?: string;
  travelerHigh?: boolean;
  firstMeld?: boolean;
  json?: boolean;
}

export interface MeldReport {
  ok: true;
  type: string;
  base: number;
  value: number;
  burned: boolean;
  steps: { step: string; value: number; note: string }[];
}

/** The command's work, without printing: a report, or a CliError/UsageError. */
export function meldReport(cardIds: string[], opts: MeldCommandOptions): MeldReport | { ok: false; reason: string } {
  const cards = cardIds.map((id) => cardArg(id, "the meld"));
  const edictIds =
    opts.edicts === undefined || opts.edicts.trim() === ""
      ? []
      : opts.edicts
          .split(",")
          .map((s) => s.trim())
          .filter((s) => s !== "");
  // EC-1: 1 fate card + at most 1 contributed per player
  const maxEdicts = 1 + ECLIPSED_RULES.players.max;
  if (edictIds.length > maxEdicts)
    throw new UsageError(
      `syzygy meld: --edicts names ${edictIds.length} cards; a round has at most ${maxEdicts} Edicts (EC-1: 1 fate card + 1 per player, ${ECLIPSED_RULES.players.min}–${ECLIPSED_RULES.players.max} players)`,
    );
  const edicts = edictIds.map((id) => cardArg(id, "--edicts"));
  const seen = new Set<string>();
  for (const c of [...cards, ...edicts]) {
    if (seen.has(c.id)) throw new UsageError(`syzygy meld: card ${c.id} is given twice (a card is either in the meld or an Edict, once)`);
    seen.add(c.id);
  }
  let meter = 0;
  if (opts.meter !== undefined) {
    // Number("") and Number(" ") are 0: only a written integer counts
    const n = /^\s*[+-]?\d+\s*$/.test(opts.meter) ? Number(opts.meter) : NaN;
    const { min, max } = ECLIPSED_RULES.meter;
    if (!Number.isInteger(n) || n < min || n > max)
      throw new UsageError(`syzygy meld: --meter must be an integer from ${min} (Dark) to ${max} (Light), got "${opts.meter}"`);
    meter = n;
  }
  const cls = classifyMeld(cards, opts.travelerHigh === true);
  if (!cls.ok) return { ok: false, reason: cls.reason };
  const active = resolveEdicts(edicts.map((c, i) => ({ card: c.id, seat: i === 0 ? -1 : i - 1 })));
  const v = valueMeld(cards, cls, { edicts: active, meter, firstMeld: opts.firstMeld === true });
  return { ok: true, type: v.type, base: v.base, value: v.value, burned: v.burned, steps: v.steps };
}

function formatText(cardIds: string[], report: MeldReport): string {
  const lines: string[] = [];
  lines.push(`${meldRow(report.type as Parameters<typeof meldRow>[0]).name} (${report.type}): ${cardIds.join(" ")}`);
  for (const s of report.steps) lines.push(`  ${s.step.padEnd(14)}${String(s.value).padStart(4)}  ${s.note}`);
  lines.push(`value ${report.value}${report.burned ? " (burned: still played, scores 0 — EC-12)" : ""}`);
  return lines.join("\n") + "\n";
}

export function declare(command: Command): void {
  command
    .description("classify Eclipsed cards into their best meld and value it through the per-meld scoring steps (EC-18, EC-29)")
    .argument("<card...>", "card ids, e.g. solar-4 arc-5 void-6 (Traveler = <suit>-1)")
    .option("--edicts <ids>", "active Edict cards, comma-separated (fate first; at most 5, EC-1), e.g. solar-3,void-4")
    .option("--meter <n>", "Light/Dark meter position, -3 (Dark) … 3 (Light)", "0")
    .option("--traveler-high", "play Travelers high (14, above the Warden) in runs (EC-19)")
    .option("--first-meld", "this is the player's first declared meld of the round (❄Sage, EC-14)")
    .option("--json", "print JSON: {ok,type,base,value,burned,steps} or {ok:false,reason}")
    .addHelpText(
      "after",
      "\nExamples:\n  syzygy meld solar-4 solar-5 solar-6 --edicts solar-3 --meter 3\n  syzygy meld arc-12 arc-13 arc-1 --traveler-high --json\n\nAn invalid meld exits 1; an unknown card id is a usage error (exit 2).",
    )
    .action((cardIds: string[], opts: MeldCommandOptions) => {
      const report = meldReport(cardIds, opts);
      if (!report.ok) {
        if (opts.json === true) {
          process.stdout.write(JSON.stringify(report) + "\n");
          throw new CliError(`syzygy meld: not a meld: ${report.reason}`);
        }
        throw new CliError(`syzygy meld: not a meld: ${report.reason}`);
      }
      process.stdout.write(opts.json === true ? JSON.stringify(report) + "\n" : formatText(cardIds, report));
    });
}
