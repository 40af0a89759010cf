/** Component tests: Testing Library cleanup, and an msw server every test file can add handlers to. */
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { server } from './msw-server.ts';

// findBy*/waitFor wait for lazy routes and translations, which a cold worker on a 2-core CI machine
// can take over a second to transform; waiting longer changes no assertion.
configure({ asyncUtilTimeout: 5_000 });

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  cleanup();
  server.resetHandlers();
  localStorage.clear();
  sessionStorage.clear();
});
afterAll(() => server.close());
