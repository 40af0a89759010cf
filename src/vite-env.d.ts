/// <reference types="vite/client" />

/** The build-time variables the storefront reads (src/lib/config.ts, .env.example). */
interface ImportMetaEnv {
  readonly VITE_API_BASE?: string;
  readonly VITE_SENTRY_DSN?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
