/**
 * Which backups a destination keeps (BACKUP_KEEP): the newest N, or — like restic's and borg's
 * --keep-daily/--keep-weekly/--keep-monthly — the newest backup of each of the last `daily` days that
 * have one, of the last `weekly` ISO weeks and of the last `monthly` months (UTC). The newest backup
 * is always kept. Files whose names are not backups' are never touched.
 */
import type { BackupRetention } from '../../config.ts';
import { parseBackupName } from './backup-name.ts';

const day = (at: Date) => at.toISOString().slice(0, 10);
const month = (at: Date) => at.toISOString().slice(0, 7);
/** The ISO week (its Thursday's year and number). */
function isoWeek(at: Date): string {
  const date = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));
  const weekday = date.getUTCDay() || 7;
  date.setUTCDate(date.getUTCDate() + 4 - weekday);
  const yearStart = Date.UTC(date.getUTCFullYear(), 0, 1);
  const week = Math.ceil(((date.getTime() - yearStart) / 86_400_000 + 1) / 7);
  return `${date.getUTCFullYear()}-W${String(week).padStart(2, '0')}`;
}

/** The names (of `names`) to delete under `keep`. */
export function backupsToDelete(names: readonly string[], keep: BackupRetention): string[] {
  const backups = names
    .map((name) => ({ name, parsed: parseBackupName(name) }))
    .filter((backup): backup is { name: string; parsed: NonNullable<ReturnType<typeof parseBackupName>> } => backup.parsed !== null)
    .sort((a, b) => b.parsed.takenAt.getTime() - a.parsed.takenAt.getTime());
  const kept = new Set<string>(backups.slice(0, 1).map((backup) => backup.name));
  if (keep.kind === 'recent') {
    for (const backup of backups.slice(0, keep.count)) kept.add(backup.name);
  } else {
    const rules: [number, (at: Date) => string][] = [
      [keep.daily, day],
      [keep.weekly, isoWeek],
      [keep.monthly, month],
    ];
    for (const [count, period] of rules) {
      const seen = new Set<string>();
      for (const backup of backups) {
        if (seen.size >= count) break;
        const key = period(backup.parsed.takenAt);
        if (seen.has(key)) continue;
        seen.add(key);
        kept.add(backup.name);
      }
    }
  }
  return backups.filter((backup) => !kept.has(backup.name)).map((backup) => backup.name);
}
