import { describe, expect, it } from 'vitest';
import { plainName } from '../../server/modules/mail/plain-name.ts';

describe('the name in a mail greeting', () => {
  it('keeps plain names in any script, with initials, apostrophes and hyphens', () => {
    expect(plainName('Ada', 'Lovelace')).toBe('Ada Lovelace');
    expect(plainName('J. R. R.', 'Tolkien')).toBe('J. R. R. Tolkien');
    expect(plainName('Seán', "O'Brien-Núñez")).toBe("Seán O'Brien-Núñez");
    expect(plainName('Zoë', '')).toBe('Zoë');
    expect(plainName('美咲', '佐藤')).toBe('美咲 佐藤');
  });

  it('carries no link, address, markup or pitch into the greeting', () => {
    expect(plainName('Win a prize at https://evil.example', '')).toBe('Win a prize at');
    expect(plainName('evil.example', '')).toBe('evil');
    expect(plainName('<b>Ada</b>', 'x')).toBe('');
    expect(plainName('Ada', 'call +1 555 0100 now')).toBe('Ada call');
    expect(plainName('Your account is locked so please reset it', '')).toBe('Your account is locked');
    expect(plainName('1234', '')).toBe('');
    expect(plainName('', '')).toBe('');
  });
});
