/**
 * The rows of a raw `db.execute(sql…)`: node-postgres and PGlite both answer `{ rows }`. Raw SQL is
 * kept for the checkout's hot statements, where one round trip and no ORM row mapping matter.
 */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}
