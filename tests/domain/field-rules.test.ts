import { describe, expect, it } from 'vitest';
import type { FieldType } from '#domain/contracts/organisation.ts';
import { emailsMatch, validateFieldValue, type FieldProblem, type FieldValue } from '#domain/validation/field-rules.ts';

type Case = [FieldType, boolean, FieldValue, FieldProblem | null];

const long = 'x'.repeat(65536);

describe('validateFieldValue (spec section 5)', () => {
  it.each<Case>([
    // text-like types: 1 to 65535 characters
    ['TEXT', true, 'hello', null],
    ['TEXT', true, '', 'required'],
    ['TEXT', true, '   ', 'required'],
    ['TEXT', false, '', null],
    ['FIRST_NAME', true, 'Dana', null],
    ['CITY', true, 'x'.repeat(65535), null],
    ['ADDRESS', true, long, 'too_long'],
    ['VAT_ID', false, long, 'too_long'],
    // e-mail
    ['EMAIL', true, 'dana@tidewater.example', null],
    ['EMAIL', true, 'Dana.de.Vries+zoo@tide-water.example', null],
    ['EMAIL', true, 'dana@tidewater', 'email'],
    ['EMAIL', true, 'dana tidewater.example', 'email'],
    ['EMAIL', true, 'dana@@tidewater.example', 'email'],
    ['EMAIL', true, '.dana@tidewater.example', 'email'],
    ['EMAIL', true, '', 'required'],
    ['EMAIL', false, '', null],
    ['EMAIL_CONFIRM', true, 'not-an-email', 'email'],
    // number: up to 50 digits, optional comma or dot with 1-2 decimals
    ['NUMBER', true, '12', null],
    ['NUMBER', true, '12.5', null],
    ['NUMBER', true, '12,50', null],
    ['NUMBER', true, '1'.repeat(50), null],
    ['NUMBER', true, '1'.repeat(51), 'number'],
    ['NUMBER', true, '12.345', 'number'],
    ['NUMBER', true, '12.', 'number'],
    ['NUMBER', true, '-3', 'number'],
    ['NUMBER', true, '1e3', 'number'],
    ['NUMBER', true, 7, null],
    // phone: 10-15 digits, optional plus and country code; non-required with <= 4 digits is empty
    ['PHONE', true, '+31 6 1234 5678', null],
    ['PHONE', true, '0612345678', null],
    ['PHONE', true, '+123456789012345', null],
    ['PHONE', true, '+1234567890123456', 'phone'],
    ['PHONE', true, '061234567', 'phone'],
    ['PHONE', true, '06-1234-abcd', 'phone'],
    ['PHONE', true, '+31', 'phone'],
    ['PHONE', false, '+31', null],
    ['PHONE', false, '1234', null],
    ['PHONE', false, '12345', 'phone'],
    ['PHONE', true, '', 'required'],
    // date
    ['DATE', true, '2026-02-28', null],
    ['DATE', true, '2028-02-29', null],
    ['DATE', true, '2026-02-29', 'date'],
    ['DATE', true, '2026-13-01', 'date'],
    ['DATE', true, '28-02-2026', 'date'],
    ['DATE', false, '', null],
    // checkbox: boolean, true when required
    ['CHECKBOX', true, true, null],
    ['CHECKBOX', true, false, 'required'],
    ['CHECKBOX', true, undefined, 'required'],
    ['CHECKBOX', false, false, null],
    ['CHECKBOX', false, 'yes', 'checkbox'],
    ['CHECKBOX', true, 'true', 'checkbox'],
  ])('%s (required: %s) %j → %s', (type, required, value, expected) => {
    expect(validateFieldValue({ type, required }, value)).toBe(expected);
  });

  const options = [{ value: 'friends' }, { value: 'social' }];
  it.each<[boolean, FieldValue, FieldProblem | null]>([
    [true, 'friends', null],
    [true, '', 'required'],
    [true, 'radio', 'option'],
    [false, '', null],
    [false, 'radio', 'option'],
  ])('DROPDOWN (required: %s) %j → %s', (required, value, expected) => {
    expect(validateFieldValue({ type: 'DROPDOWN', required, options }, value)).toBe(expected);
  });
});

describe('emailsMatch', () => {
  it.each([
    [['dana@tidewater.example', 'DANA@Tidewater.Example'], true],
    [['dana@tidewater.example', ' dana@tidewater.example '], true],
    [['dana@tidewater.example', 'dan@tidewater.example'], false],
    [['dana@tidewater.example', ''], true],
    [[], true],
  ])('%j → %s', (values, expected) => {
    expect(emailsMatch(values)).toBe(expected);
  });
});
