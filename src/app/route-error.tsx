/**
 * Error boundaries for the routes. `RouteErrorBoundary` renders a failing page's error inside the
 * layout (a page that throws, or whose code cannot be loaded); `RootErrorBoundary` replaces the
 * whole app when the layout itself fails. Both start over when the location changes, so the
 * visitor can navigate away from the error.
 */
import { Component, useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, type Location } from 'react-router-dom';
import { reportError } from './error-reporting.ts';

function ErrorContent({ error }: { error: unknown }) {
  const { t } = useTranslation('common');

  useEffect(() => reportError(error), [error]);

  return (
    <div className="page">
      <div role="alert">
        <h1 className="page__title">{t('routeError.title')}</h1>
        <p>{t('routeError.body')}</p>
      </div>
      <div className="actions">
        <button type="button" className="button button--primary" onClick={() => window.location.reload()}>
          {t('routeError.reload')}
        </button>
        <Link className="button button--secondary" to="/">
          {t('notFound.home')}
        </Link>
      </div>
    </div>
  );
}

interface BoundaryProps {
  location: Location;
  fallback: (error: unknown) => ReactNode;
  children: ReactNode;
}

interface BoundaryState {
  failed: boolean;
  error: unknown;
  location: Location;
}

class ErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { failed: false, error: null, location: this.props.location };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { failed: true, error };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    return props.location === state.location ? null : { failed: false, error: null, location: props.location };
  }

  override render() {
    return this.state.failed ? this.props.fallback(this.state.error) : this.props.children;
  }
}

export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  return (
    <ErrorBoundary location={useLocation()} fallback={(error) => <ErrorContent error={error} />}>
      {children}
    </ErrorBoundary>
  );
}

export function RootErrorBoundary({ children }: { children: ReactNode }) {
  return (
    <ErrorBoundary
      location={useLocation()}
      fallback={(error) => (
        <main id="main">
          <ErrorContent error={error} />
        </main>
      )}
    >
      {children}
    </ErrorBoundary>
  );
}
