/**
 * The coupon modal (spec sections 2, 4, 5 and 8): a code, then accepted (what it gives) or the
 * server's error_info / 'not valid'. Its form mounts with the modal, so it starts blank each time.
 * Coupons need a signed-in client; an anonymous visitor is sent to sign in and come back.
 */
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { Alert } from '../../../components/alert.tsx';
import { Modal } from '../../../components/modal.tsx';
import { TextField } from '../../../components/text-field.tsx';
import type { CouponResponse } from '../../../domain/contracts/orders.ts';
import { addAppliedCode } from '../../../domain/order/discount-mode.ts';
import { useClient } from '../../../lib/api/client.ts';
import { useOrganisation } from '../../../lib/api/organisation.ts';
import { isApiError } from '../../../lib/api-client.ts';
import { useCartStore } from '../../../lib/cart-store.ts';
import { formatMoney } from '../../../lib/format.ts';
import { useRedeemCoupon } from '../api/redeem-coupon.ts';

export function CouponModal({ open, onClose, productIds }: { open: boolean; onClose(): void; productIds: number[] }) {
  const { t } = useTranslation('order');
  return (
    <Modal open={open} onClose={onClose} title={t('coupon.title')} closeLabel={t('navigation.close')}>
      <CouponForm productIds={productIds} />
    </Modal>
  );
}

function CouponForm({ productIds }: { productIds: number[] }) {
  const { t, i18n } = useTranslation('order');
  const { currency } = useOrganisation();
  const client = useClient();
  const location = useLocation();
  const codes = useCartStore((state) => state.codes);
  const codeApplied = useCartStore((state) => state.codeApplied);
  const redeem = useRedeemCoupon();
  const [code, setCode] = useState('');
  const [duplicate, setDuplicate] = useState(false);

  if (!client) {
    const redirect = encodeURIComponent(`${location.pathname}${location.search}`);
    return (
      <Alert tone="info" action={<Link to={`/client/login?redirect=${redirect}`}>{t('coupon.signIn')}</Link>}>
        {t('coupon.signInNeeded')}
      </Alert>
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const entered = code.trim();
    if (entered === '') return;
    // The same code twice (in any case) is ignored, without asking the server again.
    const isDuplicate = addAppliedCode(codes, { code: entered, kind: 'COUPON' }).length === codes.length;
    setDuplicate(isDuplicate);
    if (isDuplicate) return;
    redeem.mutate(
      { coupon: entered, products: productIds, clientId: client.id, coupons: codes.map((applied) => applied.code) },
      { onSuccess: (result) => codeApplied({ code: result.type === 'COUPON' ? result.data.code : result.data.barcode, kind: result.type }) },
    );
  };

  const accepted = (result: CouponResponse): string => {
    if (result.type === 'VOUCHER') return t('coupon.acceptedVoucher', { credit: formatMoney(result.data.credit, currency, i18n.language) });
    if (result.data.type === 'PERCENTAGE') return t('coupon.acceptedPercentage', { value: result.data.value });
    return t('coupon.acceptedFixed', { amount: formatMoney(result.data.value, currency, i18n.language) });
  };

  return (
    <form className="stack" onSubmit={submit} noValidate>
      <TextField label={t('coupon.code')} value={code} onChange={(event) => setCode(event.target.value)} autoComplete="off" />
      <div aria-live="polite">
        {duplicate ? <Alert tone="info">{t('coupon.duplicate')}</Alert> : null}
        {redeem.isSuccess ? <Alert tone="success">{accepted(redeem.data)}</Alert> : null}
        {redeem.isError ? (
          <Alert tone="danger">{isApiError(redeem.error) && redeem.error.errorInfo ? redeem.error.errorInfo : t('coupon.notValid')}</Alert>
        ) : null}
      </div>
      <div className="actions">
        <button type="submit" className="button button--primary" disabled={redeem.isPending}>
          {t('coupon.apply')}
        </button>
      </div>
    </form>
  );
}
