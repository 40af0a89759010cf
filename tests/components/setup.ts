/**
 * Component tests: Testing Library cleanup, an msw server every test file can add handlers to, and the
 * shop's zustand stores put back to their first state after each test.
 */
import { act, cleanup, configure } from '@testing-library/react';
import i18next from 'i18next';
import { setI18n } from 'react-i18next';
import { afterAll, afterEach, beforeAll, vi } from 'vitest';
import type * as Zustand from 'zustand';
import { server } from './msw-server.ts';

// findBy*/waitFor wait for lazy routes and translations, which a cold worker on a 2-core CI machine
// can take over a second to transform; waiting longer changes no assertion.
configure({ asyncUtilTimeout: 5_000 });

// Test files share one module graph per worker (vitest.config.ts: isolate false), so the stores outlive a
// file. As zustand's testing guide does, each store made through `create` is put back to its initial state.
// The set lives on globalThis: this file runs again for each test file, the mocked module only once per worker.
const storeResets = vi.hoisted(() => {
  const shared = globalThis as typeof globalThis & { shopStoreResets?: Set<() => void> };
  shared.shopStoreResets ??= new Set();
  return shared.shopStoreResets;
});
vi.mock('zustand', async (importOriginal) => {
  const zustand = await importOriginal<typeof Zustand>();
  const remembered = <T>(initializer: Zustand.StateCreator<T, [], []>) => {
    const store = zustand.create<T>()(initializer);
    // The initializer's state, before a persisted store read localStorage.
    storeResets.add(() => store.setState(store.getInitialState(), true));
    return store;
  };
  const create = (<T>(initializer?: Zustand.StateCreator<T, [], []>) => (initializer ? remembered(initializer) : remembered)) as typeof zustand.create;
  return { ...zustand, create };
});

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  cleanup();
  act(() => {
    for (const reset of storeResets) reset();
  });
  server.resetHandlers();
  localStorage.clear();
  sessionStorage.clear();
});
afterAll(() => server.close());
// The back office's i18n instance registers itself with react-i18next when a page file sets it up: the next file in
// this worker (isolate: false) gets the storefront's global instance back.
afterAll(() => setI18n(i18next));
