/** The banner: organisation logo and name (home link), main navigation, language, client. */
import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router-dom';
import { useFaq } from '../lib/api/faq.ts';
import { useOrganisation } from '../lib/api/organisation.ts';
import { ClientStatus } from './client-status.tsx';
import { LanguageSwitcher } from './language-switcher.tsx';

export function SiteHeader() {
  const { t } = useTranslation('common');
  const organisation = useOrganisation();
  const { faq } = useFaq();

  return (
    <header className="site-header">
      <div className="site-header__inner">
        <Link className="site-header__brand" to="/">
          {organisation.logo ? <img className="site-header__logo" src={organisation.logo} alt="" /> : null}
          <span className="site-header__name">{organisation.name}</span>
        </Link>
        <nav className="site-nav" aria-label={t('nav.label')}>
          <ul className="site-nav__list">
            <li>
              <NavLink className="site-nav__link" to="/" end>
                {t('nav.home')}
              </NavLink>
            </li>
            {faq?.faq_enabled ? (
              <li>
                <NavLink className="site-nav__link" to="/faq">
                  {t('nav.faq')}
                </NavLink>
              </li>
            ) : null}
            <li>
              <NavLink className="site-nav__link" to="/calendar">
                {t('nav.calendar')}
              </NavLink>
            </li>
          </ul>
        </nav>
        <div className="site-header__tools">
          <LanguageSwitcher />
          <ClientStatus />
        </div>
      </div>
    </header>
  );
}
