/**
 * The coupon of a subscription order (spec sections 2 and 3: one code, a coupon or a gift card's
 * barcode): checked by POST /api/coupon with type SUBSCRIPTION through the shared coupon form
 * (src/components/coupon-form.tsx, signed-in clients only), then applied and shown in upper case.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CouponForm } from '../../../components/coupon-form.tsx';
import { useSubscriptionOrderStore } from '../store.ts';

export function CouponField({ subscriptionId }: { subscriptionId: number }) {
  const { t } = useTranslation('subscription');
  const coupon = useSubscriptionOrderStore((state) => state.coupon);
  const couponApplied = useSubscriptionOrderStore((state) => state.couponApplied);
  const [open, setOpen] = useState(false);
  if (coupon)
    return (
      <p className="actions">
        <span>
          {t('summary.coupon')}: <strong>{coupon.toUpperCase()}</strong>
        </span>
        <button type="button" className="button button--secondary" onClick={() => couponApplied(null)}>
          {t('summary.removeCoupon', { code: coupon.toUpperCase() })}
        </button>
      </p>
    );
  return (
    <div className="stack">
      <button type="button" className="button button--link" aria-expanded={open} onClick={() => setOpen(!open)}>
        {t('summary.addCoupon')}
      </button>
      {open ? (
        <CouponForm
          target={{ type: 'SUBSCRIPTION', subscription: subscriptionId }}
          applied={[]}
          onApplied={(applied) => {
            couponApplied(applied.code.toUpperCase());
            setOpen(false);
          }}
        />
      ) : null}
    </div>
  );
}
