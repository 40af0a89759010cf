/**
 * The voucher's sidebar (spec sections 2 and 9): the values chosen, and on the customer step the
 * simulated subtotal, fees and total (0 when the order is invoiced) with the pay button and the
 * captcha modal. The server prices; nothing is computed here.
 */
import { useTranslation } from 'react-i18next';
import { CaptchaModal } from '../../../components/captcha/captcha-modal.tsx';
import type { Voucher } from '#domain/contracts/catalogue.ts';
import { shownTotal } from '#domain/order/totals.ts';
import { useOrganisation } from '../../../lib/api/organisation.ts';
import { useCartStore } from '../../../lib/cart-store.ts';
import { useInvoiceRequested } from '../../../lib/invoice-choice.ts';
import { formatMoney } from '../../../lib/format.ts';
import { useVoucherSimulation } from '../api/simulate-voucher.ts';
import { useVoucherOrderStore } from '../store.ts';
import { usePlaceVoucher } from '../use-place-voucher.ts';
import { useVoucherCustomer } from '../use-voucher-customer.ts';
import { totalQuantity } from '../voucher-request.ts';

export function VoucherSummary({ voucher }: { voucher: Voucher }) {
  const { t, i18n } = useTranslation('voucher');
  const { currency } = useOrganisation();
  const step = useVoucherOrderStore((state) => state.step);
  const quantities = useVoucherOrderStore((state) => state.quantities);
  const payBlockedByForm = useVoucherOrderStore((state) => state.payBlockedByForm);
  const details = useVoucherCustomer(voucher.id);
  const onInvoice = useInvoiceRequested(
    useCartStore((state) => state.invoice),
    details.companyTicked,
  );
  const onCustomerStep = step === 'customer';
  const simulation = useVoucherSimulation(voucher.id, quantities, i18n.language, onCustomerStep && totalQuantity(quantities) > 0, onInvoice);
  const { place, isPending, captcha } = usePlaceVoucher();
  const money = (amount: number) => formatMoney(amount, currency, i18n.language);
  const prices = simulation.data?.prices;
  const total = simulation.data ? shownTotal('VOUCHER', simulation.data.prices.total, simulation.data.invoice) : null;

  const pay = () => {
    if (!details.ready) {
      payBlockedByForm();
      return;
    }
    place({ voucherId: voucher.id, quantities, customer: details.customer(), invoice: onInvoice });
  };

  return (
    <aside className="cart-summary voucher-summary" aria-label={t('summary.title')}>
      <h2 className="cart-summary__title">{voucher.title}</h2>
      <ul className="voucher-summary__lines">
        {voucher.values
          .filter((value) => (quantities[value.id] ?? 0) > 0)
          .map((value) => (
            <li key={value.id}>{t('summary.line', { count: quantities[value.id] ?? 0, name: value.name || money(value.price) })}</li>
          ))}
      </ul>
      {onCustomerStep && prices ? (
        <dl className="voucher-summary__prices">
          <dt>{t('summary.subtotal')}</dt>
          <dd>{money(prices.subtotal)}</dd>
          {prices.additions > 0 ? (
            <>
              <dt>{t('summary.additions')}</dt>
              <dd>{money(prices.additions)}</dd>
            </>
          ) : null}
          <dt className="voucher-summary__total">{t('summary.total')}</dt>
          <dd className="voucher-summary__total" data-testid="voucher-total">
            {total === null ? '' : money(total)}
          </dd>
        </dl>
      ) : null}
      {onCustomerStep ? (
        <button type="button" className="button button--primary button--block" disabled={isPending || total === null} onClick={pay}>
          {total === null ? t('summary.pay') : total === 0 ? t('summary.confirm') : t('summary.payTotal', { total: money(total) })}
        </button>
      ) : null}
      <CaptchaModal {...captcha} />
    </aside>
  );
}
