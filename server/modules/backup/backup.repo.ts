/** The claims of scheduled backups (backup_slots): the insert that wins a slot is the one process that backs it up. */
import { lt } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { backupSlots } from '../../db/schema/index.ts';

/** Claims the slot for this process; false when another process (or an earlier run) already has. */
export async function claimBackupSlot(db: Database, slot: Date, claimedBy: string): Promise<boolean> {
  const claimed = await db.insert(backupSlots).values({ slot, claimedBy }).onConflictDoNothing().returning({ slot: backupSlots.slot });
  return claimed.length > 0;
}

/** Forgets claims older than `before` (they only matter for the slot they name). */
export async function forgetBackupSlots(db: Database, before: Date): Promise<void> {
  await db.delete(backupSlots).where(lt(backupSlots.slot, before));
}
