/**
 * Ids in paths. A malformed id is the caller's mistake (400 INVALID_ID), not a missing entity (404),
 * and the check happens here rather than in a zod params schema because a schema failure answers
 * the generic VALIDATION_FAILED.
 */
import { z } from 'zod';
import { invalidId } from '../errors.ts';

/** Ids are PostgreSQL `integer`s. */
export const MAX_ENTITY_ID = 2_147_483_647;

// Canonical digits only (no sign, no leading zero, no exponent): one entity, one URL, one cache entry.
const DIGITS = /^[1-9]\d{0,9}$/;

export function parseEntityId(raw: string | undefined): number {
  if (raw === undefined || !DIGITS.test(raw)) throw invalidId();
  const id = Number(raw);
  if (id > MAX_ENTITY_ID) throw invalidId();
  return id;
}

/** Route params of `/…/:id`: any text here, so that parseEntityId decides (INVALID_ID). */
export const idParamsSchema = z.object({ id: z.string().describe('A positive whole number (an integer id); anything else is 400 INVALID_ID') });
