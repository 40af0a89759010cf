/**
 * The coupon form (spec sections 2, 4, 5 and 8), one for the product and subscription flows: a
 * code, checked by POST /api/coupon against what is ordered, then accepted (what it gives) or the
 * server's error_info / 'not valid'. Duplicates (any case) are ignored without asking. Coupons need
 * a signed-in client (spec section 6), gift cards not (src/domain/order/discount-access.ts): an
 * anonymous visitor gets the form for a gift card and a link to sign in for a coupon. A
 * client in customer groups is told so: coupons kept for a group work for its members
 * (src/domain/customer-groups.ts).
 * Mounted fresh each time it is shown, so it starts blank.
 */
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import type { CouponResponse } from '#domain/contracts/orders.ts';
import { mayUseDiscountCode } from '#domain/order/discount-access.ts';
import { addAppliedCode, type AppliedCode } from '#domain/order/discount-mode.ts';
import { useClient } from '../lib/api/client.ts';
import { useRedeemCoupon, type CouponTarget } from '../lib/api/coupon.ts';
import { useClientGroups } from '../lib/api/groups.ts';
import { useOrganisation } from '../lib/api/organisation.ts';
import { isApiError } from '../lib/api-client.ts';
import { formatMoney } from '../lib/format.ts';
import { Alert } from './alert.tsx';
import { TextField } from './text-field.tsx';

export interface CouponFormProps {
  target: CouponTarget;
  /** The codes already applied to this order: sent along, and a duplicate is not asked again. */
  applied: readonly AppliedCode[];
  onApplied(code: AppliedCode): void;
}

export function CouponForm({ target, applied, onApplied }: CouponFormProps) {
  const { t, i18n } = useTranslation('order');
  const { currency } = useOrganisation();
  const client = useClient();
  const location = useLocation();
  const redeem = useRedeemCoupon();
  const groups = useClientGroups(client?.id ?? null);
  const [code, setCode] = useState('');
  const [duplicate, setDuplicate] = useState(false);

  const redirect = encodeURIComponent(`${location.pathname}${location.search}`);
  const couponsNeedSignIn = !mayUseDiscountCode('COUPON', client !== null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const entered = code.trim();
    if (entered === '') return;
    const isDuplicate = addAppliedCode(applied, { code: entered, kind: 'COUPON' }).length === applied.length;
    setDuplicate(isDuplicate);
    if (isDuplicate) return;
    redeem.mutate(
      { coupon: entered, target, clientId: client?.id ?? null, coupons: applied.map((entry) => entry.code) },
      { onSuccess: (result) => onApplied({ code: result.type === 'COUPON' ? result.data.code : result.data.barcode, kind: result.type }) },
    );
  };

  const accepted = (result: CouponResponse): string => {
    if (result.type === 'VOUCHER') return t('coupon.acceptedVoucher', { credit: formatMoney(result.data.credit, currency, i18n.language) });
    if (result.data.type === 'PERCENTAGE') return t('coupon.acceptedPercentage', { value: result.data.value });
    return t('coupon.acceptedFixed', { amount: formatMoney(result.data.value, currency, i18n.language) });
  };

  return (
    <form className="stack" onSubmit={submit} noValidate>
      {couponsNeedSignIn ? (
        <Alert tone="info" action={<Link to={`/client/login?redirect=${redirect}`}>{t('coupon.signIn')}</Link>}>
          {t('coupon.signInNeeded')}
        </Alert>
      ) : null}
      {groups.length > 0 ? (
        <p className="text-muted" data-testid="coupon-groups">
          {t('coupon.groups', {
            count: groups.length,
            groups: new Intl.ListFormat(i18n.language, { type: 'conjunction' }).format(groups.map((group) => group.name)),
          })}
        </p>
      ) : null}
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
