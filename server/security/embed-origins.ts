/**
 * The one setting for embedding (FRAME_ANCESTORS): the CSP frame-ancestors list, and from the same
 * list the origins the storefront in a frame talks to with postMessage (GET /api/embed). 'self' is
 * the shop's own origin (PUBLIC_URL); 'none' allows nobody; a wildcard origin is never an exact
 * postMessage partner, so it is left out of the allow-list.
 */
import type { Config } from '../config.ts';

export function embedOrigins(config: Pick<Config, 'frameAncestors' | 'publicUrl'>): string[] {
  const origins = config.frameAncestors.flatMap((entry) => {
    if (entry === "'self'") return [new URL(config.publicUrl).origin];
    if (entry.startsWith("'") || entry.includes('*')) return [];
    return [new URL(entry).origin];
  });
  return [...new Set(origins)];
}
