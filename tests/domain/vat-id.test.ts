import { describe, expect, it } from 'vitest';
import { normaliseVatId, validVatId } from '#domain/vat-id.ts';

describe('VAT ID formats', () => {
  it.each(['NL123456789B01', 'nl 1234.56789-b01', 'DE123456789', 'BE0123456789', 'FRXX123456789', 'ATU12345678', 'ESX1234567X', 'EL123456789', 'IE1234567WA'])(
    'accepts %s',
    (id) => expect(validVatId(id)).toBe(true),
  );

  it.each(['', 'NL123456789', 'NL123456789B1', 'DE12345678', 'BE2123456789', 'GR123456789', 'US123456789', '123456789B01', 'ATX12345678'])('refuses %s', (id) =>
    expect(validVatId(id)).toBe(false),
  );

  it('stores the number without spaces, dots or dashes, in upper case', () => {
    expect(normaliseVatId(' nl 1234.56789-b01 ')).toBe('NL123456789B01');
  });
});
