/** Recognises a unique-constraint violation (SQLSTATE 23505) of one constraint, also when drizzle wraps it. */
export function violatesUnique(error: unknown, constraint: string): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && typeof current === 'object' && current !== null; depth += 1) {
    const { code, constraint: name, message, cause } = current as Record<string, unknown>;
    if (code === '23505' && (name === constraint || (typeof message === 'string' && message.includes(`"${constraint}"`)))) return true;
    current = cause;
  }
  return false;
}
