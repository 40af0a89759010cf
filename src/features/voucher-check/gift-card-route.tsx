/**
 * /gift-card/{hash}: the printable gift card the buyer's mail links to (and may forward): the
 * voucher, its value, the code in large type and as a QR code (an SVG the server renders, shown as
 * an image), the credit left and the expiry. Kept out of search engines.
 */
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { Alert } from '../../components/alert.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { useOrganisation } from '../../lib/api/organisation.ts';
import { formatDay } from '#domain/date-text.ts';
import { formatMoney } from '../../lib/format.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { useRobotsNoindex } from '../../lib/use-robots-noindex.ts';
import { useGiftCard } from './api/get-gift-card.ts';
import './gift-card.css';

export function Component() {
  const { hash = '' } = useParams();
  const { t, i18n } = useTranslation(['voucher', 'common']);
  const { currency } = useOrganisation();
  const card = useGiftCard(hash);
  useDocumentTitle(t('giftCard.title'));
  useRobotsNoindex(true);
  if (card.isError) return <Alert tone="danger">{t('giftCard.notFound')}</Alert>;
  if (!card.data) return <Spinner label={t('common:loading')} />;
  const { data } = card;
  const money = (amount: number) => formatMoney(amount, currency, i18n.language);
  return (
    <article className="page gift-card">
      <p className="gift-card__shop">{data.shop}</p>
      <h1 className="page__title">{data.title || t('giftCard.title')}</h1>
      <p className="gift-card__value">{money(data.value)}</p>
      <img className="gift-card__qr" src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(data.qr)}`} alt={t('giftCard.qr')} width={200} height={200} />
      <dl className="gift-card__details">
        <dt>{t('giftCard.code')}</dt>
        <dd>
          <code className="gift-card__code">{data.code}</code>
        </dd>
        <dt>{t('giftCard.credit')}</dt>
        <dd>{money(data.credit)}</dd>
        <dt>{t('giftCard.validUntil')}</dt>
        <dd>{data.expiration === null ? t('giftCard.nonExpiring') : formatDay(data.expiration, i18n.language)}</dd>
      </dl>
      <p>{t('giftCard.howToUse')}</p>
      <button type="button" className="button button--secondary gift-card__print" onClick={() => window.print()}>
        {t('giftCard.print')}
      </button>
    </article>
  );
}
