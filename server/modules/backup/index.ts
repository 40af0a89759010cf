/** Backups (docs/operations.md#backups): made by the server's worker or `npm run backup`, restored by `npm run restore`. */
export { startBackupWorker, dueSlot } from './backup-worker.ts';
export { makeBackup, restoreBackup, verifyBackup, requireKey, type BackupResult, type BackupSource, type RestoreTarget } from './backup.service.ts';
export { askRunningShop, type BackupAnswer } from './backup-requests.ts';
export { configuredDestinations, folderDestination, s3Destination, type BackupDestination } from './backup-destinations.ts';
export { BackupRefused, readBackupMetadata, type BackupMetadata } from './backup-cipher.ts';
export { backupsToDelete } from './backup-retention.ts';
export { backupName, parseBackupName } from './backup-name.ts';
