/**
 * Route error boundaries (react-router `errorElement`). `RouteErrorPage` renders inside the layout
 * for a failing page; `RootErrorPage` replaces the whole app when the layout itself fails.
 */
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router-dom';
import { reportError } from './error-reporting.ts';

function ErrorContent() {
  const { t } = useTranslation('common');
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;

  useEffect(() => {
    if (!notFound) reportError(error);
  }, [error, notFound]);

  return (
    <div className="page">
      <div role="alert">
        <h1 className="page__title">{notFound ? t('notFound.title') : t('routeError.title')}</h1>
        <p>{notFound ? t('notFound.body') : t('routeError.body')}</p>
      </div>
      <div className="actions">
        {notFound ? null : (
          <button type="button" className="button button--primary" onClick={() => window.location.reload()}>
            {t('routeError.reload')}
          </button>
        )}
        <Link className="button button--secondary" to="/">
          {t('notFound.home')}
        </Link>
      </div>
    </div>
  );
}

export function RouteErrorPage() {
  return <ErrorContent />;
}

export function RootErrorPage() {
  return (
    <main id="main">
      <ErrorContent />
    </main>
  );
}
