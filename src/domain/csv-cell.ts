/**
 * A CSV cell a spreadsheet opens as text, never as a formula (OWASP "CSV injection"): a text starting
 * with `=`, `+`, `-`, `@`, a tab or a carriage return (after any leading spaces) is prefixed with `'`,
 * so `=HYPERLINK("http://evil","click")` in a customer's name is shown, not run. Numbers stay numbers.
 * Every CSV the shop exports passes its cells through here.
 */
export type CsvValue = string | number | boolean | null | undefined;

const FORMULA_START = /^[\s]*[=+\-@\t\r]/;

export function inertCell(value: CsvValue): string | number {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return value;
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  return FORMULA_START.test(value) || /^[\t\r]/.test(value) ? `'${value}` : value;
}

export const inertRow = (values: readonly CsvValue[]) => values.map(inertCell);
