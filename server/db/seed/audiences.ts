/** The visitor categories, shared by products and subscriptions. */
import type { Executor } from '../client.ts';
import { audiences } from '../schema/index.ts';
import { AUDIENCE_KEYS, type AudienceIds, type AudienceKey } from './demo-keys.ts';
import { onlyRow } from './keyed-rows.ts';
import { AUDIENCE_TEXTS } from './texts/audiences.ts';

// Visitors and school parties are shown as separate groups.
const AUDIENCE_GROUPS: Record<AudienceKey, string> = {
  adult: 'visitors',
  child: 'visitors',
  senior: 'visitors',
  teacher: 'school',
  pupil: 'school',
  staff: 'school',
};

export async function seedAudiences(db: Executor): Promise<AudienceIds> {
  const ids = {} as AudienceIds;
  // One insert each: audiences have no natural key to match a multi-row RETURNING back by.
  for (const [index, key] of AUDIENCE_KEYS.entries()) {
    const row = onlyRow(
      await db
        .insert(audiences)
        .values({ group: AUDIENCE_GROUPS[key], sort: index + 1, texts: AUDIENCE_TEXTS[key] })
        .returning({ id: audiences.id }),
    );
    ids[key] = row.id;
  }
  return ids;
}
