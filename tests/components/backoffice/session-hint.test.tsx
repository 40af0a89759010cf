/**
 * The sign-in page loads without a 401 (issue 38 item 4): GET /me is asked only in a browser that signed in
 * and has not signed out; a stale hint costs one 401, after which it is gone.
 */
import { QueryClient } from '@tanstack/react-query';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { sessionQuery } from '../../../src/backoffice/api/session.ts';
import { server } from '../msw-server.ts';

function answerMe(answer: () => Response) {
  const calls: string[] = [];
  server.use(
    http.get('*/api/backoffice/me', () => {
      calls.push('me');
      return answer();
    }),
  );
  return calls;
}

describe('asking for the staff session', () => {
  it('without the hint: nobody signed in, and GET /me is not asked', async () => {
    const calls = answerMe(() => HttpResponse.json({ ok: false, error: 'STAFF_SESSION_REQUIRED', message: 'sign in' }, { status: 401 }));
    expect(await new QueryClient().fetchQuery(sessionQuery())).toBeNull();
    expect(calls).toEqual([]);
  });

  it('with a stale hint: one 401, nobody signed in, and the hint is gone', async () => {
    localStorage.setItem('backoffice.signedIn', '1');
    const calls = answerMe(() => HttpResponse.json({ ok: false, error: 'STAFF_SESSION_REQUIRED', message: 'sign in' }, { status: 401 }));
    expect(await new QueryClient().fetchQuery(sessionQuery())).toBeNull();
    expect(calls).toEqual(['me']);
    expect(localStorage.getItem('backoffice.signedIn')).toBeNull();
  });
});
