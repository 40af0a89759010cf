/** Small typed helpers for seed data written as records keyed by a readable name. */

/** Object.entries that keeps the key type (seed records are plain literals, so no extra keys exist). */
export function entriesOf<K extends string, V>(record: Record<K, V>): [K, V][] {
  return Object.entries(record) as [K, V][];
}

/** The single row an insert … returning gave back. */
export function onlyRow<T>(rows: T[]): T {
  const [row] = rows;
  if (row === undefined || rows.length !== 1) throw new Error(`expected one row, got ${rows.length}`);
  return row;
}

/** Maps returned rows to ids by a key column, failing loudly when a seeded key is missing. */
export function idsByKey<K extends string>(keys: readonly K[], rows: { id: number; key: string }[]): Record<K, number> {
  const found = new Map(rows.map((row) => [row.key, row.id]));
  const ids = {} as Record<K, number>;
  for (const key of keys) {
    const id = found.get(key);
    if (id === undefined) throw new Error(`seed row "${key}" was not inserted`);
    ids[key] = id;
  }
  return ids;
}
