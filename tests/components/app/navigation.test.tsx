/**
 * The shop's router (app/navigation.tsx) and the route error boundary (app/route-error.tsx), on a
 * memory history with pages of the test's own: one that loads until the test lets it, one that fails.
 */
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense } from 'react';
import { Link, Outlet, Route, Routes, UNSAFE_createMemoryHistory as createMemoryHistory } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { ShopRouter, useNavigationPending } from '../../../src/app/navigation.tsx';
import { RouteErrorBoundary } from '../../../src/app/route-error.tsx';
import { prepareI18n } from './render-app.tsx';

function PendingProbe() {
  return <p data-testid="navigation">{useNavigationPending() ? 'pending' : 'idle'}</p>;
}

function Home() {
  return (
    <>
      <h1>Home</h1>
      <Link to="/slow">Slow page</Link>
      <Link to="/broken">Broken page</Link>
    </>
  );
}

/** A page whose "code" arrives when the test resolves it. */
function slowPage() {
  let release = () => undefined as void;
  let ready = false;
  const arrived = new Promise<void>((resolve) => {
    release = () => {
      ready = true;
      resolve();
    };
  });
  function SlowPage() {
    if (!ready) throw arrived;
    return <h1>Slow page</h1>;
  }
  return { SlowPage, release };
}

function BrokenPage(): never {
  throw new Error('the page broke');
}

function renderShop(SlowPage: () => React.JSX.Element) {
  const history = createMemoryHistory({ initialEntries: ['/'], v5Compat: true });
  render(
    <ShopRouter history={history}>
      <PendingProbe />
      <Suspense fallback={<p>Loading fallback</p>}>
        <Routes>
          <Route
            element={
              <RouteErrorBoundary>
                <Outlet />
              </RouteErrorBoundary>
            }
          >
            <Route index element={<Home />} />
            <Route path="slow" element={<SlowPage />} />
            <Route path="broken" element={<BrokenPage />} />
          </Route>
        </Routes>
      </Suspense>
    </ShopRouter>,
  );
  return { history, user: userEvent.setup() };
}

describe('navigation', () => {
  it('keeps the current page on screen while the next one loads, and says a navigation is pending', async () => {
    const { SlowPage, release } = slowPage();
    const { history, user } = renderShop(SlowPage);
    expect(screen.getByTestId('navigation').textContent).toBe('idle');

    await user.click(screen.getByRole('link', { name: 'Slow page' }));

    expect(history.location.pathname).toBe('/slow');
    expect(await screen.findByText('pending')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Home' })).toBeTruthy();
    expect(screen.queryByText('Loading fallback')).toBeNull();

    release();

    expect(await screen.findByRole('heading', { level: 1, name: 'Slow page' })).toBeTruthy();
    expect(screen.getByTestId('navigation').textContent).toBe('idle');
    expect(screen.queryByRole('heading', { level: 1, name: 'Home' })).toBeNull();
  });

  it('shows a failing page as the translated route error, and the next navigation leaves it', async () => {
    await prepareI18n();
    const { SlowPage } = slowPage();
    const { history, user } = renderShop(SlowPage);

    await user.click(screen.getByRole('link', { name: 'Broken page' }));

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading', { level: 1, name: 'Something went wrong' })).toBeTruthy();
    expect(within(alert).getByText('This page could not be shown. Reload the page or go back to the shop.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reload the page' })).toBeTruthy();

    await user.click(screen.getByRole('link', { name: 'Back to the shop' }));

    expect(history.location.pathname).toBe('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Home' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
