import { describe, expect, it } from 'vitest';
import { audienceOfTicket } from '#domain/ticket-audience.ts';

const lines = [
  { name: 'Adult', quantity: 2 },
  { name: 'Child', quantity: 1 },
  { name: 'Senior', quantity: 0 },
  { name: 'Student', quantity: 2 },
];

describe('audienceOfTicket', () => {
  it.each([
    [1, 'Adult'],
    [2, 'Adult'],
    [3, 'Child'],
    [4, 'Student'],
    [5, 'Student'],
  ])('ticket %i admits %s', (position, name) => {
    expect(audienceOfTicket(lines, position)?.name).toBe(name);
  });

  it('answers null past the lines, for position 0 and without lines', () => {
    expect(audienceOfTicket(lines, 6)).toBeNull();
    expect(audienceOfTicket(lines, 0)).toBeNull();
    expect(audienceOfTicket([], 1)).toBeNull();
  });
});
