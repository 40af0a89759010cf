/**
 * The format of an EU VAT identification number, per member state (the VIES formats). A format
 * check, not an existence check: it catches typing mistakes before an invoice carries them. Used
 * by the customer form and by the server, which refuses a wrong one with `VAT_ID_INVALID`.
 * Spaces, dots and dashes are ignored; letters are compared in upper case.
 */
const FORMATS: Record<string, RegExp> = {
  AT: /^U\d{8}$/,
  BE: /^[01]\d{9}$/,
  BG: /^\d{9,10}$/,
  CY: /^\d{8}[A-Z]$/,
  CZ: /^\d{8,10}$/,
  DE: /^\d{9}$/,
  DK: /^\d{8}$/,
  EE: /^\d{9}$/,
  EL: /^\d{9}$/,
  ES: /^[A-Z0-9]\d{7}[A-Z0-9]$/,
  FI: /^\d{8}$/,
  FR: /^[A-HJ-NP-Z0-9]{2}\d{9}$/,
  HR: /^\d{11}$/,
  HU: /^\d{8}$/,
  IE: /^(\d{7}[A-W][A-I]?|\d[A-Z+*]\d{5}[A-W])$/,
  IT: /^\d{11}$/,
  LT: /^(\d{9}|\d{12})$/,
  LU: /^\d{8}$/,
  LV: /^\d{11}$/,
  MT: /^\d{8}$/,
  NL: /^\d{9}B\d{2}$/,
  PL: /^\d{10}$/,
  PT: /^\d{9}$/,
  RO: /^\d{2,10}$/,
  SE: /^\d{12}$/,
  SI: /^\d{8}$/,
  SK: /^\d{10}$/,
  XI: /^(\d{9}|\d{12}|GD\d{3}|HA\d{3})$/,
};

/** The EU country prefixes a VAT ID may start with (Greece is EL). */
export const VAT_ID_COUNTRIES = Object.keys(FORMATS);

/** The VAT ID as it is stored and printed: upper case, without spaces, dots or dashes. */
export function normaliseVatId(value: string): string {
  return value.replace(/[\s.-]/g, '').toUpperCase();
}

/** Whether `value` has the format of its country's VAT ID (the first two letters name the country). */
export function validVatId(value: string): boolean {
  const id = normaliseVatId(value);
  const format = FORMATS[id.slice(0, 2)];
  return format !== undefined && format.test(id.slice(2));
}
