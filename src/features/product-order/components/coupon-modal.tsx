/**
 * The coupon modal of the product flow (spec sections 2 and 4): the shared coupon form
 * (src/components/coupon-form.tsx) for the cart's products. Its form mounts with the modal, so it
 * starts blank each time.
 */
import { useTranslation } from 'react-i18next';
import { CouponForm } from '../../../components/coupon-form.tsx';
import { Modal } from '../../../components/modal.tsx';
import { useCartStore } from '../../../lib/cart-store.ts';

export function CouponModal({ open, onClose, productIds }: { open: boolean; onClose(): void; productIds: number[] }) {
  const { t } = useTranslation('order');
  const codes = useCartStore((state) => state.codes);
  const codeApplied = useCartStore((state) => state.codeApplied);
  return (
    <Modal open={open} onClose={onClose} title={t('coupon.title')} closeLabel={t('navigation.close')}>
      <CouponForm target={{ type: 'PRODUCT', products: productIds }} applied={codes} onApplied={codeApplied} />
    </Modal>
  );
}
