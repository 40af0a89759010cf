/**
 * The signed-in back office: a skip link, the banner (shop name, who is signed in, language,
 * sign-out), the navigation built from sections.ts for the signed-in role, and the page in <main>.
 * A section the role may not open shows the "not allowed" page (the API refuses it anyway).
 *
 * From 900 px wide the navigation is a sidebar, always shown. Narrower (phones, tablets upright) it
 * folds behind a "Menu" disclosure button at the foot of the banner, with the current page's name
 * beside it: the button opens and closes it; choosing a link, any other navigation, or Escape inside
 * it closes it (Escape puts the focus back on the button; a chosen link sends it to the page).
 */
import { Suspense, useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, Route, Routes, useLocation } from 'react-router-dom';
import type { StaffSessionBody } from '#domain/backoffice/staff.schema.ts';
import { LanguagePicker } from '../components/language-picker.tsx';
import { changeBackofficeLanguage } from './i18n.ts';
import { NotAllowedPage, NotFoundPage } from './pages/status-pages.tsx';
import { SECTIONS, sectionAt, sectionsFor } from './sections.ts';
import { useSignOut } from './api/session.ts';
import { useMediaQuery } from './ui/use-media-query.ts';

/** The sidebar's breakpoint, the same as backoffice.css's `@media (min-width: 900px)` (without matchMedia: the sidebar). */
const SIDEBAR_LAYOUT = '(min-width: 900px)';

export function Shell({ session }: { session: StaffSessionBody }) {
  const { t, i18n } = useTranslation('backoffice');
  const signOut = useSignOut();
  const location = useLocation();
  const role = session.staff.role;
  const visible = sectionsFor(role).filter((section) => section.nav !== false);
  const current = sectionAt(location.pathname);
  const currentLabel = current?.roles.includes(role) ? t(current.labelKey) : null;

  const sidebar = useMediaQuery(SIDEBAR_LAYOUT, true);
  const menuId = useId();
  const menuButton = useRef<HTMLButtonElement>(null);
  const main = useRef<HTMLElement>(null);
  // Open on the page where it was opened: any navigation (a link in the page, the back button) closes it.
  const [menu, setMenu] = useState({ open: false, at: location.key });
  if (menu.at !== location.key) setMenu({ open: false, at: location.key });
  const folded = !sidebar;
  const menuOpen = folded && menu.open;

  function onMenuKeyDown(event: KeyboardEvent) {
    if (event.key !== 'Escape' || !menuOpen) return;
    setMenu({ open: false, at: location.key });
    menuButton.current?.focus();
  }

  // A chosen link closes the menu; the focus goes to the page (its heading takes it once it opens), not
  // to the body with the hidden link.
  function onLinkChosen() {
    if (!menuOpen) return;
    setMenu({ open: false, at: location.key });
    main.current?.focus();
  }

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
          <LanguagePicker id="bo-language" onChoose={changeBackofficeLanguage} />
          <button type="button" className="bo-button" onClick={() => signOut.mutate()} disabled={signOut.isPending}>
            {t('shell.signOut')}
          </button>
        </div>
        {folded ? (
          <div className="bo-menu-bar">
            <button
              ref={menuButton}
              type="button"
              className="bo-button bo-menu-button"
              aria-expanded={menuOpen}
              aria-controls={menuId}
              onClick={() => setMenu({ open: !menuOpen, at: location.key })}
              onKeyDown={onMenuKeyDown}
            >
              <svg className="bo-menu-button__icon" viewBox="0 0 20 20" aria-hidden="true" focusable="false">
                <path d="M2 4.5h16M2 10h16M2 15.5h16" />
              </svg>
              {t('shell.menu')}
            </button>
            {currentLabel ? <span className="bo-menu-bar__current">{currentLabel}</span> : null}
          </div>
        ) : null}
      </header>
      <nav id={menuId} className="bo-nav" aria-label={t('nav.label')} hidden={folded && !menuOpen} onKeyDown={onMenuKeyDown}>
        <ul>
          {visible.map((section) => (
            <li key={section.id}>
              <NavLink to={`/${section.path.replace(/\/\*$/, '')}`} end={section.path === ''} onClick={onLinkChosen}>
                {t(section.labelKey)}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <main ref={main} id="main" className="bo-main" tabIndex={-1}>
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
