/** BACKUP_KEEP's rule (server/modules/backup/backup-retention.ts) and BACKUP_SCHEDULE's slots (backup-worker.ts). */
import { describe, expect, it } from 'vitest';
import { backupRetention, backupSchedule } from '../../../server/config.ts';
import { backupName, backupsToDelete, dueSlot, parseBackupName } from '../../../server/modules/backup/index.ts';

const at = (iso: string) => backupName('pglite', new Date(iso));

describe('backupsToDelete', () => {
  it('keeps the newest N, and never touches a file that is not a backup', () => {
    const names = ['2030-06-01T03:30:00Z', '2030-06-02T03:30:00Z', '2030-06-03T03:30:00Z', '2030-06-04T03:30:00Z'].map(at);
    expect(backupsToDelete([...names, 'notes.txt', 'shop-pglite-latest.backup'], { kind: 'recent', count: 2 }).sort()).toEqual(names.slice(0, 2));
  });

  it('keeps the newest of each of the last days, ISO weeks and months that have backups', () => {
    // Hourly backups over 40 days: Friday 2030-05-03 to Tuesday 2030-06-11.
    const names: string[] = [];
    for (let hour = 0; hour < 40 * 24; hour += 1) names.push(at(new Date(Date.UTC(2030, 4, 3) + hour * 3_600_000).toISOString()));
    const deleted = new Set(backupsToDelete(names, { kind: 'calendar', daily: 3, weekly: 2, monthly: 2 }));
    const kept = names.filter((name) => !deleted.has(name)).map((name) => parseBackupName(name)?.takenAt.toISOString());
    expect(kept).toEqual([
      '2030-05-31T23:00:00.000Z', // May's newest: month 2
      '2030-06-09T23:00:00.000Z', // day 3, and Sunday: the newest of the ISO week of 3-9 June (week 2)
      '2030-06-10T23:00:00.000Z', // day 2
      '2030-06-11T23:00:00.000Z', // the newest: day 1, week 1 (10-16 June), month 1
    ]);
  });

  it('keeps one a day for `7d` with several a day, the newest always', () => {
    const names = ['2030-06-01T01:00:00Z', '2030-06-01T13:00:00Z', '2030-06-02T01:00:00Z', '2030-06-02T13:00:00Z'].map(at);
    expect(backupsToDelete(names, backupRetention('7d')).sort()).toEqual([names[0], names[2]]);
    expect(backupsToDelete(names.slice(3), backupRetention('1'))).toEqual([]);
  });
});

describe('BACKUP_SCHEDULE', () => {
  it('places slots in UTC: daily at a time, hourly, every n hours or minutes', () => {
    const daily = backupSchedule('daily 03:30')!;
    expect(dueSlot(daily, new Date('2030-06-03T03:29:59Z')).toISOString()).toBe('2030-06-02T03:30:00.000Z');
    expect(dueSlot(daily, new Date('2030-06-03T03:30:00Z')).toISOString()).toBe('2030-06-03T03:30:00.000Z');
    expect(dueSlot(backupSchedule('hourly')!, new Date('2030-06-03T10:59:00Z')).toISOString()).toBe('2030-06-03T10:00:00.000Z');
    expect(dueSlot(backupSchedule('every 6h')!, new Date('2030-06-03T17:00:00Z')).toISOString()).toBe('2030-06-03T12:00:00.000Z');
    expect(dueSlot(backupSchedule('every 15m')!, new Date('2030-06-03T17:44:00Z')).toISOString()).toBe('2030-06-03T17:30:00.000Z');
    expect(backupSchedule('off')).toBeNull();
    expect(backupSchedule(undefined)).toBeNull();
  });

  it.each(['daily 25:00', 'every 1m', 'every 2d', 'weekly', 'daily 3'])('refuses %s', (text) => {
    expect(() => backupSchedule(text)).toThrow(/BACKUP_SCHEDULE must be/);
  });

  it.each(['0', '7x', 'd7', '0d,0w', ''])('BACKUP_KEEP refuses %j (the empty one: the default)', (text) => {
    if (text === '') expect(backupRetention(text)).toEqual({ kind: 'calendar', daily: 7, weekly: 4, monthly: 0 });
    else expect(() => backupRetention(text)).toThrow(/BACKUP_KEEP must be/);
  });
});
