/**
 * Illustrations (the FAQ's, spec section 2: "from a third-party illustration service"): served from
 * a configurable base address, `VITE_ILLUSTRATIONS_BASE` (build time, e.g.
 * https://illustrations.example/shop), as `<base>/<name>.svg`. The shop bundles a default of each
 * in public/illustrations/, used when no base is configured (first start, offline) and whenever the
 * service's image does not load.
 */
import { config } from './config.ts';

/** The illustrations the shop shows: the FAQ's header and one per support card. */
export const ILLUSTRATIONS = ['questions', 'cancellation', 'rebook', 'contact'] as const;
export type IllustrationName = (typeof ILLUSTRATIONS)[number];

/** Where the bundled defaults are served (public/illustrations). */
export const BUNDLED_ILLUSTRATIONS = '/illustrations';

/** The address of an illustration under a base address (no trailing slash needed). */
export function illustrationUrl(name: IllustrationName, base: string | null = config.illustrationsBase): string {
  return `${(base ?? BUNDLED_ILLUSTRATIONS).replace(/\/+$/, '')}/${name}.svg`;
}

/** The bundled default of an illustration. */
export function bundledIllustrationUrl(name: IllustrationName): string {
  return illustrationUrl(name, BUNDLED_ILLUSTRATIONS);
}
