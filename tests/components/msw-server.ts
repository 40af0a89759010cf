/** The msw server shared by component tests (msw is for component tests only; server tests use a real API). */
import { setupServer } from 'msw/node';

export const server = setupServer();
