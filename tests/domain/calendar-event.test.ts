import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { calendarFile, foldLine, MAX_LINE_OCTETS } from '#domain/calendar-event.ts';

const stamp = new Date('2030-06-03T07:00:00Z');
const octets = (line: string) => new TextEncoder().encode(line).length;

/** The file as a calendar client reads it: parsed by ical.js, its one event. */
function parsed(file: string) {
  const calendar = new ICAL.Component(ICAL.parse(file));
  const events = calendar.getAllSubcomponents('vevent');
  expect(events).toHaveLength(1);
  return new ICAL.Event(events[0]);
}

describe('calendarFile', () => {
  it('writes a timed visit as UTC instants that a parser reads as the organisation’s local times', () => {
    const file = calendarFile(
      { uid: 'abc@shop', title: 'Tour, behind the scenes', date: '2030-06-12', start: '15:00', end: '16:30', timezone: 'Europe/Amsterdam' },
      stamp,
    );
    const event = parsed(file);
    expect(event.uid).toBe('abc@shop');
    expect(event.summary).toBe('Tour, behind the scenes');
    // 15:00 in Amsterdam in June (CEST, UTC+2) is 13:00 UTC.
    expect(event.startDate.zone?.tzid).toBe('UTC');
    expect(event.startDate.toJSDate().toISOString()).toBe('2030-06-12T13:00:00.000Z');
    expect(event.endDate.toJSDate().toISOString()).toBe('2030-06-12T14:30:00.000Z');
    expect(file).not.toContain('TZID');
  });

  it('follows the timezone’s own offset on the day (winter time, another zone)', () => {
    const winter = parsed(calendarFile({ uid: 'w', title: 'Zoo', date: '2030-12-02', start: '09:30', end: '11:00', timezone: 'Europe/Amsterdam' }, stamp));
    expect(winter.startDate.toJSDate().toISOString()).toBe('2030-12-02T08:30:00.000Z');
    const newYork = parsed(calendarFile({ uid: 'n', title: 'Zoo', date: '2030-12-02', start: '09:30', end: null, timezone: 'America/New_York' }, stamp));
    expect(newYork.startDate.toJSDate().toISOString()).toBe('2030-12-02T14:30:00.000Z');
  });

  it('writes a whole-day visit as a date ending the next day', () => {
    const file = calendarFile({ uid: 'x', title: 'Zoo', date: '2030-12-31', start: null, end: null, timezone: 'Europe/Amsterdam' }, stamp);
    const event = parsed(file);
    expect(event.startDate.isDate).toBe(true);
    expect(event.startDate.toString()).toBe('2030-12-31');
    expect(event.endDate.toString()).toBe('2031-01-01');
  });

  it('folds long lines at 75 octets without splitting a character, and a parser unfolds them whole', () => {
    const description = `Bienvenue à la journée « Coulisses » : ${'soigneurs, éléphants et 🐘 '.repeat(12)}fin.`;
    const title = `Visite guidée des coulisses — ${'ménagerie '.repeat(10)}`.trim();
    const file = calendarFile({ uid: 'long@shop', title, date: '2030-06-12', start: '10:00', end: '11:00', timezone: 'Europe/Paris', description }, stamp);
    const lines = file.split('\r\n');
    expect(lines.at(-1)).toBe('');
    for (const line of lines) expect(octets(line)).toBeLessThanOrEqual(MAX_LINE_OCTETS);
    expect(lines.some((line) => line.startsWith(' '))).toBe(true);
    const event = parsed(file);
    expect(event.description).toBe(description);
    expect(event.summary).toBe(title);
  });

  it('leaves a short line alone', () => {
    expect(foldLine('SUMMARY:Zoo')).toBe('SUMMARY:Zoo');
    const exact = `X:${'a'.repeat(MAX_LINE_OCTETS - 2)}`;
    expect(foldLine(exact)).toBe(exact);
    expect(foldLine(`${exact}b`)).toBe(`${exact}\r\n b`);
  });
});
