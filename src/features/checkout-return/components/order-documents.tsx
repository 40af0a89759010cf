/** The order's receipt or invoice and any credit notes, each a PDF to download (in the order's language). */
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../lib/format.ts';
import { documentPdfHref, useOrderDocuments } from '../api/get-order-documents.ts';

export function OrderDocuments({ hash }: { hash: string }) {
  const { t, i18n } = useTranslation('order-page');
  const { data } = useOrderDocuments(hash);
  if (!data || data.length === 0) return null;
  return (
    <section className="order-documents" aria-labelledby="order-documents-title">
      <h2 id="order-documents-title">{t('documents.title', { count: data.length })}</h2>
      <ul>
        {data.map((document) => (
          <li key={document.id}>
            <a href={documentPdfHref(hash, document.id)} download>
              {t('documents.download', {
                kind: t(`documents.kind.${document.kind}`),
                number: document.number,
                amount: formatMoney(document.total, document.currency, i18n.language),
              })}
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
