import { describe, expect, it } from 'vitest';
import { safeRedirect } from '../../../src/features/client/safe-redirect.ts';

describe('safeRedirect', () => {
  it.each([
    ['/calendar', '/calendar'],
    ['/renew/abc?x=1#top', '/renew/abc?x=1#top'],
    [null, '/'],
    ['', '/'],
    ['calendar', '/'],
    ['//evil.example', '/'],
    ['/\\evil.example', '/'],
    ['https://evil.example/', '/'],
    ['javascript:alert(1)', '/'],
    ['/\t/evil.example', '/'],
  ])('%s → %s', (requested, expected) => {
    expect(safeRedirect(requested)).toBe(expected);
  });
});
