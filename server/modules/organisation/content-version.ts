/**
 * Versions of rows without a version column (the organisation's settings, customer fields, additions,
 * FAQ questions): a row's version is a tag of its stored content (SHA-256 of its JSON). A save carrying
 * a tag other than the stored row's changes nothing and answers 409 CATALOGUE_STALE_EDIT, as the
 * catalogue's saves do.
 */
import { createHash } from 'node:crypto';
import { AppError } from '../../errors.ts';

export function contentVersion(row: unknown): string {
  return createHash('sha256').update(JSON.stringify(row)).digest('base64url').slice(0, 22);
}

export const staleContent = (what: string) =>
  new AppError('CATALOGUE_STALE_EDIT', 409, `The ${what} was changed by someone else since you opened it; reload it and make your change again`);
