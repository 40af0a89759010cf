import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { precompress } from './scripts/vite-precompress.ts';

const storefrontEntry = fileURLToPath(new URL('./src/main.tsx', import.meta.url));

type ModuleInfoLookup = (id: string) => { importers: readonly string[]; dynamicImporters: readonly string[] } | null;
const reachesStorefront = new Map<string, boolean>();
/**
 * Whether the storefront's entry (src/main.tsx) imports a module, directly or not: the chunk groups
 * below are the storefront's, so a module only the back office (backoffice/index.html) loads keeps
 * out of them and the storefront's page weight never moves because of it.
 */
function storefrontModule(id: string, getModuleInfo: ModuleInfoLookup): boolean {
  const known = reachesStorefront.get(id);
  if (known !== undefined) return known;
  const seen = new Set<string>([id]);
  const queue = [id];
  let found = false;
  while (queue.length > 0 && !found) {
    const current = queue.shift() as string;
    if (current === storefrontEntry || reachesStorefront.get(current) === true) found = true;
    const info = getModuleInfo(current);
    for (const importer of [...(info?.importers ?? []), ...(info?.dynamicImporters ?? [])]) {
      if (!seen.has(importer)) {
        seen.add(importer);
        queue.push(importer);
      }
    }
  }
  reachesStorefront.set(id, found);
  return found;
}
const storefrontGroup = (name: string) => (id: string, ctx: { getModuleInfo: ModuleInfoLookup }) =>
  storefrontModule(id, (moduleId) => ctx.getModuleInfo(moduleId)) ? name : null;

/**
 * react-router's package exports name only its development build (with its dev-only warnings and their
 * texts); its production build sits beside it in dist/production. The storefront's build takes that one:
 * the same router, about 3 KiB less on every first load. `npm run dev` and the tests keep the warnings.
 */
const reactRouterProduction: Plugin = {
  name: 'react-router-production-build',
  apply: 'build',
  enforce: 'pre',
  resolveId(source) {
    if (source === 'react-router') return fileURLToPath(new URL('./node_modules/react-router/dist/production/index.mjs', import.meta.url));
    if (source === 'react-router/dom') return fileURLToPath(new URL('./node_modules/react-router/dist/production/dom-export.mjs', import.meta.url));
    return null;
  },
};

// The API the dev server proxies to (`npm run dev` starts it on this port).
const apiTarget = process.env.VITE_DEV_API_TARGET ?? 'http://127.0.0.1:3001';

export default defineConfig({
  plugins: [reactRouterProduction, react(), precompress()],
  define: {
    // Sentry's tree-shaking flag: its debug logging (only useful with `debug: true`) is left out.
    __SENTRY_DEBUG__: 'false',
  },
  server: {
    port: 5173,
    // Only the API is proxied: the catalogue's images are files under public/images, which Vite
    // serves itself (the API serves no images; in production they come from dist/ like the app).
    proxy: { '/api': apiTarget },
  },
  build: {
    outDir: 'dist',
    sourcemap: true,
    // Every browser the shop supports has native modulepreload; the polyfill would only add weight.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      // Two pages: the storefront and the back office (served at /backoffice, src/backoffice).
      input: { main: fileURLToPath(new URL('./index.html', import.meta.url)), backoffice: fileURLToPath(new URL('./backoffice/index.html', import.meta.url)) },
      output: {
        // Everything the first page needs from node_modules in one chunk: split into several, the
        // same code compresses worse and costs more requests. Libraries of later routes (calendar,
        // payment SDKs, Sentry) stay in their own lazy chunks.
        codeSplitting: {
          groups: [
            {
              name: storefrontGroup('framework'),
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom|@tanstack|i18next|react-i18next|use-sync-external-store|zustand|cookie|set-cookie-parser)[\\/]/,
            },
            {
              // The storefront's own shared code (components, lib, domain) used by two or more chunks,
              // as one chunk: left to itself the bundler makes a dozen sub-kilobyte chunks, and on a
              // phone's connection every extra request before the page can render costs a round trip.
              // The forms and order flows' own parts (customer form, captcha, stepper, step frame, form fields, error
              // summary, validation, the order customer, the plot query, submission retries, the customer record,
              // the validated rebooking) are
              // left out (with the password rules, the coupon form and the order-failed modal): shared by the flows, forms and account pages only, they go in chunks of their own the first page never loads.
              // So is an order's history in words (the order and reservation pages only) with the formatting it uses.
              name: storefrontGroup('shared'),
              test: /[\\/]src[\\/](components|lib|domain)[\\/](?!http-client\.|customer-form[\\/]|captcha[\\/]|stepper\.|step-frame\.|order[\\/]customer-form\.|text-field\.|text-area\.|checkbox-field\.|field-parts\.|error-summary\.|validation[\\/]|order[\\/](order-customer|quantities)\.|field-applicability\.|plot-query\.|api[\\/]plots\.|submission-retry\.|customer\.|rebook-store\.|subscription[\\/](common-passwords|password)\.|coupon-form\.|order-failed-modal\.|order-history(-text)?\.|use-formatting\.)/,
              minShareCount: 2,
            },
          ],
        },
      },
    },
  },
});
