/**
 * An "add to calendar" file (RFC 5545) for a booked visit: the slot's local date and times with
 * the organisation's timezone (TZID), or a whole day. Pure, so the storefront builds it offline.
 */
export interface CalendarVisit {
  /** Stable per order: a re-import updates the same event. */
  uid: string;
  title: string;
  /** YYYY-MM-DD, local to `timezone`. */
  date: string;
  /** HH:MM local, or null for the whole day. */
  start: string | null;
  end: string | null;
  timezone: string;
  description?: string;
}

const compactDate = (date: string) => date.replaceAll('-', '');
const compactTime = (time: string) => `${time.replace(':', '').slice(0, 4)}00`;
const escapeText = (text: string) => text.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');

function nextDay(date: string): string {
  const next = new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000);
  return next.toISOString().slice(0, 10);
}

export function calendarFile(visit: CalendarVisit, stamp: Date): string {
  const when = visit.start
    ? [
        `DTSTART;TZID=${visit.timezone}:${compactDate(visit.date)}T${compactTime(visit.start)}`,
        `DTEND;TZID=${visit.timezone}:${compactDate(visit.date)}T${compactTime(visit.end ?? visit.start)}`,
      ]
    : [`DTSTART;VALUE=DATE:${compactDate(visit.date)}`, `DTEND;VALUE=DATE:${compactDate(nextDay(visit.date))}`];
  return [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//ticket-shop//order//EN',
    'BEGIN:VEVENT',
    `UID:${visit.uid}`,
    `DTSTAMP:${stamp.toISOString().replace(/[-:]/g, '').slice(0, 15)}Z`,
    ...when,
    `SUMMARY:${escapeText(visit.title)}`,
    ...(visit.description ? [`DESCRIPTION:${escapeText(visit.description)}`] : []),
    'END:VEVENT',
    'END:VCALENDAR',
    '',
  ].join('\r\n');
}
