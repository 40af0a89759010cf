/** The voucher order flow (spec section 2): quantity, customer, checkout, beside the voucher's sidebar. */
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { Spinner } from '../../../components/spinner.tsx';
import { StepFrame } from '../../../components/step-frame.tsx';
import type { Voucher } from '#domain/contracts/catalogue.ts';
import { useVoucherOrderStore } from '../store.ts';
import { CustomerStep } from './customer-step.tsx';
import { QuantityStep } from './quantity-step.tsx';
import { VoucherFailedModal } from './voucher-failed-modal.tsx';
import { VoucherSummary } from './voucher-summary.tsx';

export function VoucherOrderFlow({ voucher }: { voucher: Voucher }) {
  // The customer form's namespaces load with the flow, so reaching that step never suspends it.
  const { t } = useTranslation(['voucher', 'customer', 'validation', 'errors']);
  const navigate = useNavigate();
  const entered = useVoucherOrderStore((state) => state.entered);
  const step = useVoucherOrderStore((state) => (state.voucherId === voucher.id ? state.step : 'quantity'));
  const stepChanged = useVoucherOrderStore((state) => state.stepChanged);
  useEffect(() => entered(voucher.id), [entered, voucher.id]);

  return (
    <div className="product-order voucher-order">
      <StepFrame title={t(`voucher:steps.${step}`)} stepKey={step}>
        {step === 'quantity' ? <QuantityStep voucher={voucher} onBack={() => navigate('/')} onNext={() => stepChanged('customer')} /> : null}
        {step === 'customer' ? <CustomerStep voucherId={voucher.id} onBack={() => stepChanged('quantity')} /> : null}
        {step === 'checkout' ? <Spinner label={t('voucher:checkout.redirecting')} /> : null}
      </StepFrame>
      <VoucherSummary voucher={voucher} />
      <VoucherFailedModal />
    </div>
  );
}
