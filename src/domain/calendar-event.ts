/**
 * An "add to calendar" file (RFC 5545) for a booked visit. The slot's local date and times are
 * turned into UTC instants (from the organisation's timezone, by Intl), so no calendar client
 * has to know the zone (a TZID needs a VTIMEZONE beside it; UTC needs nothing); a whole-day visit
 * stays a DATE. Lines longer than 75 octets are folded (section 3.1), never inside a UTF-8
 * character. Pure, so the storefront builds it offline.
 */
import { zonedInstant } from './date-text.ts';

export interface CalendarVisit {
  /** Stable per order: a re-import updates the same event. */
  uid: string;
  title: string;
  /** YYYY-MM-DD, local to `timezone`. */
  date: string;
  /** HH:MM local, or null for the whole day. */
  start: string | null;
  end: string | null;
  /** The organisation's IANA timezone, in which `date`, `start` and `end` are given. */
  timezone: string;
  description?: string;
}

/** RFC 5545 section 3.1: content lines are at most 75 octets, excluding the line break. */
export const MAX_LINE_OCTETS = 75;

const compactDate = (date: string) => date.replaceAll('-', '');
/** 20300612T130000Z: an instant in UTC, the form every calendar reads without a VTIMEZONE. */
const utcStamp = (instant: Date) => `${instant.toISOString().replace(/[-:]/g, '').slice(0, 15)}Z`;
const escapeText = (text: string) => text.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');

function nextDay(date: string): string {
  const next = new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000);
  return next.toISOString().slice(0, 10);
}

const octets = (text: string) => new TextEncoder().encode(text).length;

/** Splits a content line into lines of at most 75 octets, each continuation starting with a space. */
export function foldLine(line: string): string {
  if (octets(line) <= MAX_LINE_OCTETS) return line;
  const lines: string[] = [];
  let current = '';
  let size = 0;
  // A continuation line's leading space counts towards its 75 octets.
  let limit = MAX_LINE_OCTETS;
  for (const character of line) {
    const width = octets(character);
    if (size + width > limit) {
      lines.push(current);
      current = ' ';
      size = 1;
      limit = MAX_LINE_OCTETS;
    }
    current += character;
    size += width;
  }
  lines.push(current);
  return lines.join('\r\n');
}

export function calendarFile(visit: CalendarVisit, stamp: Date): string {
  const when = visit.start
    ? [
        `DTSTART:${utcStamp(zonedInstant(visit.date, visit.start, visit.timezone))}`,
        `DTEND:${utcStamp(zonedInstant(visit.date, visit.end ?? visit.start, visit.timezone))}`,
      ]
    : [`DTSTART;VALUE=DATE:${compactDate(visit.date)}`, `DTEND;VALUE=DATE:${compactDate(nextDay(visit.date))}`];
  return [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//ticket-shop//order//EN',
    'CALSCALE:GREGORIAN',
    'BEGIN:VEVENT',
    `UID:${visit.uid}`,
    `DTSTAMP:${utcStamp(stamp)}`,
    ...when,
    `SUMMARY:${escapeText(visit.title)}`,
    ...(visit.description ? [`DESCRIPTION:${escapeText(visit.description)}`] : []),
    'END:VEVENT',
    'END:VCALENDAR',
  ]
    .map(foldLine)
    .map((line) => `${line}\r\n`)
    .join('');
}
