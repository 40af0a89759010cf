import { describe, expect, it } from 'vitest';
import { inertCell, inertRow } from '#domain/csv-cell.ts';

describe('inertCell (CSV formula injection)', () => {
  it('prefixes texts a spreadsheet would run as a formula', () => {
    expect(inertCell('=HYPERLINK("http://evil.example","click")')).toBe(`'=HYPERLINK("http://evil.example","click")`);
    for (const text of ['+1+1', '-2+3', '@SUM(A1)', '\t=1', '\r=1', '  =1']) expect(inertCell(text)).toBe(`'${text}`);
  });
  it('leaves ordinary texts and numbers (also negative ones) as they are', () => {
    expect(inertRow(['Anna de Vries', 'a=b', -12.5, 0, null, undefined, true])).toEqual(['Anna de Vries', 'a=b', -12.5, 0, '', '', 'true']);
  });
});
