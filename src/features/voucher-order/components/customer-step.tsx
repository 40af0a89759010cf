/** Step 2: the buyer's details; paying happens in the summary beside it. */
import { CustomerForm } from '../../../components/customer-form/customer-form.tsx';
import { useTranslation } from 'react-i18next';
import { useCartStore } from '../../../lib/cart-store.ts';
import { useVoucherOrderStore } from '../store.ts';
import { useVoucherCustomer } from '../use-voucher-customer.ts';

export function CustomerStep({ voucherId, onBack }: { voucherId: number; onBack(): void }) {
  const { t } = useTranslation('voucher');
  const details = useVoucherCustomer(voucherId);
  const customerChanged = useCartStore((state) => state.customerChanged);
  const companyToggled = useCartStore((state) => state.companyToggled);
  const showAllErrors = useVoucherOrderStore((state) => state.showAllCustomerErrors);
  return (
    <>
      <CustomerForm
        fields={details.fields}
        cart={details.cart}
        values={details.values}
        onChange={customerChanged}
        companyTicked={details.companyTicked}
        onCompanyTickedChange={companyToggled}
        allowBusiness={details.allowBusiness}
        locked={details.locked}
        showAllErrors={showAllErrors}
      />
      <div className="actions order-step__navigation">
        <button type="button" className="button button--secondary" onClick={onBack}>
          {t('navigation.back')}
        </button>
      </div>
    </>
  );
}
