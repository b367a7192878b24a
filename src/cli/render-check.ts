/**
 * The checks `validate` and `build` share beyond the data (issue 25): templates parse, read only
 * fields the cards have, call helpers rightly, and every face renders to readable SVG
 * (src/render/template-check.ts). Overflowing text is a warning, or an error where it must fit.
 */
import type { Diagnostic } from "../model/diagnostics";
import type { GameModel } from "../model/types";
import { checkRendering } from "../render/template-check";
import { renderGameFrom } from "../render/source";
import { TemplateSet } from "../render/face";
import type { Warning } from "../render/types";
import { CliError } from "./errors";

/** Every game's template and face problems; `render: false` makes only the templates' own checks. */
export function renderProblems(models: readonly GameModel[], opts: { render?: boolean } = {}): { diagnostics: Diagnostic[]; overflows: Warning[]; warnings: Warning[] } {
  const results = models.map((m) => gameRenderProblems(m, opts));
  const warnings = results.flatMap((r) => r.warnings);
  return { diagnostics: results.flatMap((r) => r.diagnostics), overflows: warnings.filter((w) => w.kind === "overflow"), warnings };
}

/** One game's template and face problems. */
export function gameRenderProblems(m: GameModel, opts: { render?: boolean } = {}): { diagnostics: Diagnostic[]; warnings: Warning[] } {
  return checkRendering(renderGameFrom(m), new TemplateSet(m.paths.templatesDir), m.deckFields, opts);
}

/** The error for faces whose text does not fit, where it must fit (pod, --strict). */
export function overflowError(command: string, overflows: readonly Warning[], why: string): CliError {
  const list = overflows.map((w) => `  ${w.where}: ${w.message}`).join("\n");
  return new CliError(`${command}: ${overflows.length} face${overflows.length === 1 ? "" : "s"} with text that does not fit (${why}):\n${list}\nshorten the text, or give it a larger box or a smaller min= size in the template`);
}

