import { stringify } from "csv-stringify/sync";

/*
 * CSV as spreadsheets read it (docs/security.md#csv-export): csv-stringify quotes what needs
 * quoting (commas, quotes, line breaks) and, with `escape_formulas`, puts a `'` before a cell
 * that starts with = + - @, a tab or a carriage return, so a driver's name like
 * `=HYPERLINK(…)` stays text instead of running as a formula. Lines end in CRLF (RFC 4180);
 * csv-stringify then quotes only cells holding that pair, so a lone line break is asked for
 * too (`quoted_match`), or a spreadsheet would split the row there.
 */

/** Excel reads a CSV file as UTF-8 (accents, Greek) only when it starts with this byte order mark. */
export const UTF8_BOM = "\uFEFF";

export function csvLines(rows: ReadonlyArray<readonly string[]>): string {
  return stringify(rows as string[][], { escape_formulas: true, record_delimiter: "windows", quoted_match: /[\r\n]/ });
}
