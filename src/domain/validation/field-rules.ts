/**
 * The customer-field rules of spec section 5, written once: the storefront's forms and the
 * API's re-validation both call `validateFieldValue`.
 */
import { isCalendarDate } from '../calendar-date.ts';
import { validVatId } from '../vat-id.ts';
import type { FieldType } from '../contracts/organisation.ts';

export const TEXT_MAX_LENGTH = 65535;
export const PHONE_MIN_DIGITS = 10;
export const PHONE_MAX_DIGITS = 15;
/** A non-required phone with this many digits or fewer (a bare country code) counts as empty. */
export const PHONE_EMPTY_DIGITS = 4;

/** Why a value was refused; the storefront translates `validation.<problem>`. */
export type FieldProblem = 'required' | 'too_long' | 'email' | 'number' | 'phone' | 'date' | 'checkbox' | 'option' | 'vat_id';

export type FieldValue = string | number | boolean | null | undefined;

export interface FieldRule {
  type: FieldType;
  required: boolean;
  /** Allowed values of a DROPDOWN. */
  options?: readonly { value: string }[];
}

const TEXT_TYPES: ReadonlySet<FieldType> = new Set(['TEXT', 'FIRST_NAME', 'LAST_NAME', 'COMPANY', 'ADDRESS', 'VAT_ID', 'ZIPCODE', 'CITY']);

// A pragmatic address pattern: one @, no spaces, a dot in the domain, no leading/trailing dots.
const EMAIL_PATTERN = /^[^\s@.]+(?:\.[^\s@.]+)*@[^\s@.-][^\s@]*\.[^\s@.]{2,}$/;
const NUMBER_PATTERN = /^\d{1,50}(?:[.,]\d{1,2})?$/;
const PHONE_PATTERN = /^\+?\d+$/;

export function isEmail(value: string): boolean {
  return EMAIL_PATTERN.test(value.trim());
}

export function isDecimalNumber(value: string): boolean {
  return NUMBER_PATTERN.test(value.trim());
}

/** Strips the separators people type in phone numbers (spaces, dashes, dots, brackets). */
export function phoneDigits(value: string): string {
  return value.replace(/[\s\-.()/]/g, '');
}

function asText(value: FieldValue): string {
  if (value === null || value === undefined) return '';
  return String(value);
}

/** Whether a value counts as "nothing entered" for its field type. */
export function isEmptyFieldValue(rule: FieldRule, value: FieldValue): boolean {
  if (rule.type === 'CHECKBOX') return value !== true;
  const text = asText(value).trim();
  if (rule.type === 'PHONE' && !rule.required) {
    return phoneDigits(text).replace(/^\+/, '').length <= PHONE_EMPTY_DIGITS;
  }
  return text === '';
}

/** Returns the first rule a value breaks, or null when it is acceptable. */
export function validateFieldValue(rule: FieldRule, value: FieldValue): FieldProblem | null {
  if (rule.type === 'CHECKBOX') {
    if (value !== true && value !== false && value !== null && value !== undefined) return 'checkbox';
    return rule.required && value !== true ? 'required' : null;
  }
  if (isEmptyFieldValue(rule, value)) return rule.required ? 'required' : null;

  const text = asText(value).trim();
  // An EU VAT number in its country's format (src/domain/vat-id.ts); the server refuses another with VAT_ID_INVALID.
  if (rule.type === 'VAT_ID' && text.length <= TEXT_MAX_LENGTH && !validVatId(text)) return 'vat_id';
  if (TEXT_TYPES.has(rule.type)) return text.length > TEXT_MAX_LENGTH ? 'too_long' : null;
  switch (rule.type) {
    case 'EMAIL':
    case 'EMAIL_CONFIRM':
      return isEmail(text) ? null : 'email';
    case 'NUMBER':
      return isDecimalNumber(text) ? null : 'number';
    case 'PHONE': {
      const digits = phoneDigits(text);
      const bare = digits.replace(/^\+/, '');
      return PHONE_PATTERN.test(digits) && bare.length >= PHONE_MIN_DIGITS && bare.length <= PHONE_MAX_DIGITS ? null : 'phone';
    }
    case 'DATE':
      return isCalendarDate(text) ? null : 'date';
    case 'DROPDOWN':
      return (rule.options ?? []).some((option) => option.value === text) ? null : 'option';
    default:
      return text.length > TEXT_MAX_LENGTH ? 'too_long' : null;
  }
}

/** All e-mail and e-mail-confirmation values must be the same address, ignoring case. */
export function emailsMatch(values: readonly string[]): boolean {
  const filled = values.map((value) => value.trim().toLowerCase()).filter(Boolean);
  return filled.every((value) => value === filled[0]);
}
