/**
 * The business customer's choice to order on invoice (src/domain/invoice.ts), under the customer
 * form: shown once the company box is ticked, where the shop offers invoices.
 */
import { useTranslation } from 'react-i18next';
import { useInvoiceOffered } from '../../lib/invoice-choice.ts';
import { CheckboxField } from '../checkbox-field.tsx';

export interface InvoiceChoiceProps {
  checked: boolean;
  onChange(chosen: boolean): void;
}

export function InvoiceChoice({ checked, onChange, companyTicked }: InvoiceChoiceProps & { companyTicked: boolean }) {
  const { t } = useTranslation('customer');
  const offered = useInvoiceOffered();
  if (!offered || !companyTicked) return null;
  return <CheckboxField label={t('invoice.label')} hint={t('invoice.hint')} checked={checked} onChange={(event) => onChange(event.target.checked)} />;
}
