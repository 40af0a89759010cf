/**
 * The signed-in back office: a skip link, the banner (shop name, who is signed in, language,
 * sign-out), the navigation built from sections.ts for the signed-in role, and the page in <main>.
 * A section the role may not open shows the "not allowed" page (the API refuses it anyway).
 */
import { Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, Route, Routes, useLocation } from 'react-router-dom';
import type { StaffSessionBody } from '../domain/backoffice/staff.schema.ts';
import { LanguagePicker } from './language-picker.tsx';
import { NotAllowedPage, NotFoundPage } from './pages/status-pages.tsx';
import { SECTIONS, sectionsFor } from './sections.ts';
import { useSignOut } from './session.tsx';

export function Shell({ session }: { session: StaffSessionBody }) {
  const { t, i18n } = useTranslation('backoffice');
  const signOut = useSignOut();
  const location = useLocation();
  const role = session.staff.role;
  const visible = sectionsFor(role).filter((section) => section.nav !== false);

  // Each page's strings load with it (sections.ts `namespace`).
  useEffect(() => {
    const namespaces = SECTIONS.flatMap((section) => (section.namespace ? [section.namespace] : []));
    void i18n.loadNamespaces(namespaces);
  }, [i18n, location.pathname]);

  return (
    <div className="bo-shell">
      <a className="bo-skip-link" href="#main">
        {t('layout.skipToContent')}
      </a>
      <header className="bo-banner">
        <span className="bo-brand">{t('app.title')}</span>
        <div className="bo-banner__end">
          <span className="bo-who">
            <span className="bo-visually-hidden">{t('shell.signedInAs')} </span>
            {session.staff.name} <span className="bo-role">({t(`roles.${role}`)})</span>
          </span>
          <LanguagePicker />
          <button type="button" className="bo-button" onClick={() => signOut.mutate()} disabled={signOut.isPending}>
            {t('shell.signOut')}
          </button>
        </div>
      </header>
      <nav className="bo-nav" aria-label={t('nav.label')}>
        <ul>
          {visible.map((section) => (
            <li key={section.id}>
              <NavLink to={`/${section.path.replace(/\/\*$/, '')}`} end={section.path === ''}>
                {t(section.labelKey)}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <main id="main" className="bo-main" tabIndex={-1}>
        <Suspense fallback={<p role="status">{t('shell.loading')}</p>}>
          <Routes>
            {SECTIONS.map((section) => {
              const Page = section.page;
              return (
                <Route
                  key={section.id}
                  path={section.path === '' ? '/' : `/${section.path}`}
                  element={section.roles.includes(role) ? <Page /> : <NotAllowedPage />}
                />
              );
            })}
            <Route path="*" element={<NotFoundPage />} />
          </Routes>
        </Suspense>
      </main>
    </div>
  );
}
