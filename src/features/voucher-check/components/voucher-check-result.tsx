/** The balance check's answer in a modal (spec section 2): the code, the credit and the expiry, or 'non-expiring'. */
import { useTranslation } from 'react-i18next';
import { Modal } from '../../../components/modal.tsx';
import type { VoucherCheck } from '#domain/contracts/vouchers.ts';
import { useOrganisation } from '../../../lib/api/organisation.ts';
import { formatDay } from '#domain/date-text.ts';
import { formatMoney } from '../../../lib/format.ts';

export function VoucherCheckResult({ result, onClose }: { result: VoucherCheck | null; onClose(): void }) {
  const { t, i18n } = useTranslation('voucher');
  const { currency } = useOrganisation();
  return (
    <Modal open={result !== null} onClose={onClose} title={t('check.resultTitle')} closeLabel={t('navigation.close')}>
      {result ? (
        <dl className="voucher-check__result">
          <dt>{t('check.codeLabel')}</dt>
          <dd>
            <code>{result.code}</code>
          </dd>
          <dt>{t('check.credit')}</dt>
          <dd>{formatMoney(result.credit, currency, i18n.language)}</dd>
          <dt>{t('check.expiration')}</dt>
          <dd>{result.expiration === null ? t('check.nonExpiring') : formatDay(result.expiration, i18n.language)}</dd>
        </dl>
      ) : null}
    </Modal>
  );
}
