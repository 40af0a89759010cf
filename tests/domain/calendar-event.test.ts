import { describe, expect, it } from 'vitest';
import { calendarFile } from '../../src/domain/calendar-event.ts';

const stamp = new Date('2030-06-03T07:00:00Z');

describe('calendarFile', () => {
  it('writes a timed visit in the organisation’s timezone', () => {
    const file = calendarFile(
      { uid: 'abc@shop', title: 'Tour, behind the scenes', date: '2030-06-12', start: '15:00', end: '16:30', timezone: 'Europe/Amsterdam' },
      stamp,
    );
    expect(file.split('\r\n')).toEqual([
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'PRODID:-//ticket-shop//order//EN',
      'BEGIN:VEVENT',
      'UID:abc@shop',
      'DTSTAMP:20300603T070000Z',
      'DTSTART;TZID=Europe/Amsterdam:20300612T150000',
      'DTEND;TZID=Europe/Amsterdam:20300612T163000',
      'SUMMARY:Tour\\, behind the scenes',
      'END:VEVENT',
      'END:VCALENDAR',
      '',
    ]);
  });

  it('writes a whole-day visit as a date ending the next day', () => {
    const file = calendarFile({ uid: 'x', title: 'Zoo', date: '2030-12-31', start: null, end: null, timezone: 'Europe/Amsterdam' }, stamp);
    expect(file).toContain('DTSTART;VALUE=DATE:20301231\r\nDTEND;VALUE=DATE:20310101');
  });
});
