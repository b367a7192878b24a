/**
 * CSV cells a spreadsheet would run. Excel, LibreOffice and Google Sheets read a cell that starts
 * with `=`, `+`, `-`, `@`, a tab or a carriage return as a formula (`=HYPERLINK(…)`,
 * `=cmd|' /C calc'!A0`, `@SUM(…)`), so exports write such a cell behind a single quote, which the
 * spreadsheet shows as text (OWASP, CSV injection). Reading undoes exactly that: one leading quote
 * is dropped where it stands before a formula character, so export → read gives the same text.
 * A cell that already starts with quotes before such a character gets one more, so it survives too.
 */

/**
 * One or more quotes, then a character a spreadsheet starts a formula with: after any white space
 * (spreadsheets skip leading spaces) and in its full-width form too (＝＋－＠, which an East
 * Asian input method turns into the ASCII ones).
 */
const QUOTED_FORMULA = /^'+\s*[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;
const FORMULA_START = /^'*\s*[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;
/** A plain number ("-5", "+2.5") is data, not a formula: written as it is. */
const PLAIN_NUMBER = /^[+-]?\d+(\.\d+)?$/;

/** The cell as an export writes it. */
export function safeCsvCell(text: string): string {
  if (PLAIN_NUMBER.test(text)) return text;
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/** The text of a cell an export wrote (a cell written by hand is read the same way). */
export function readCsvCell(text: string): string {
  return QUOTED_FORMULA.test(text) ? text.slice(1) : text;
}
