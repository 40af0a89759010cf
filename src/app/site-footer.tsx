/** The content info: organisation name and the returning-customer links. */
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useFaq } from '../lib/api/faq.ts';
import { useOrganisation } from '../lib/api/organisation.ts';

export function SiteFooter() {
  const { t } = useTranslation('common');
  const organisation = useOrganisation();
  const { faq } = useFaq();
  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        <p className="site-footer__copyright">{t('footer.copyright', { year: new Date().getFullYear(), name: organisation.name })}</p>
        <nav aria-label={t('footer.label')}>
          <ul className="site-footer__links">
            <li>
              <Link to="/voucher-check">{t('footer.voucherCheck')}</Link>
            </li>
            {faq?.faq_enabled ? (
              <li>
                <Link to="/faq">{t('footer.help')}</Link>
              </li>
            ) : null}
          </ul>
        </nav>
      </div>
    </footer>
  );
}
