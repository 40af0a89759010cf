/**
 * Route module of `/embed/refused`, lazy-loaded by the app router: what a frame shows on a site that
 * may not embed the shop (its origin is not in FRAME_ANCESTORS). embed.js opens this page there
 * instead of a product, which the browser would refuse to show (a blank frame). Any site may frame
 * this one page (server/plugins/security-headers.ts); it only says so and links to the shop itself.
 */
import { useTranslation } from 'react-i18next';
import { Alert } from '../../components/alert.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

export function Component() {
  const { t } = useTranslation('embed');
  useDocumentTitle(t('refused.title'));
  const host = new URLSearchParams(location.search).get('host') ?? '';
  return (
    <div className="page">
      <Alert tone="warning">
        <h1 className="page__title">{t('refused.title')}</h1>
        <p>{t('refused.explanation', { site: host })}</p>
        <p>
          <a href="/" target="_blank" rel="noopener">
            {t('refused.open')}
          </a>
        </p>
      </Alert>
    </div>
  );
}
