/** A backup's name says what and when: `shop-<engine>-2026-12-07T03-30-00-000Z.backup` (UTC). */

const NAME = /^shop-(pglite|postgres)-(\d{4}-\d{2}-\d{2})T(\d{2})-(\d{2})-(\d{2})-(\d{3})Z\.backup$/;

export function backupName(engine: 'pglite' | 'postgres', takenAt: Date): string {
  return `shop-${engine}-${takenAt.toISOString().replace(/[:.]/g, '-')}.backup`;
}

/** The engine and time of a backup's name; null for any other file (which retention never touches). */
export function parseBackupName(name: string): { engine: 'pglite' | 'postgres'; takenAt: Date } | null {
  const match = NAME.exec(name);
  if (!match) return null;
  const [, engine, day, hours, minutes, seconds, millis] = match;
  const takenAt = new Date(`${day}T${hours}:${minutes}:${seconds}.${millis}Z`);
  if (Number.isNaN(takenAt.getTime())) return null;
  return { engine: engine as 'pglite' | 'postgres', takenAt };
}
