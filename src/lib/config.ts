/** Build-time configuration of the storefront (Vite env variables, see .env.example). */
export const config = {
  /** Where the shop API lives: same origin by default, or any compatible API behind a CDN. */
  apiBase: (import.meta.env.VITE_API_BASE as string | undefined)?.replace(/\/$/, '') || '/api',
  /** Error reporting is loaded only when a DSN is configured. */
  sentryDsn: (import.meta.env.VITE_SENTRY_DSN as string | undefined) || null,
  /** The illustration service's base address; null: the bundled illustrations (src/lib/illustrations.ts). */
  illustrationsBase: (import.meta.env.VITE_ILLUSTRATIONS_BASE as string | undefined)?.trim() || null,
} as const;
