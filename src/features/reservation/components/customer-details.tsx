/**
 * The customer's details of a reservation as a list. Labels are the organisation's field labels
 * (already translated by the API); a value without a field of its own is listed under its key.
 */
import { useTranslation } from 'react-i18next';
import type { CustomerField } from '#domain/contracts/organisation.ts';
import type { ReservationCustomer, ReservationFieldValue } from '#domain/contracts/reservation.ts';
import { customerFormValues } from '#domain/customer.ts';
import { customerValue } from '#domain/order/customer-form.ts';
import { useOrganisation } from '../../../lib/api/organisation.ts';
import { customerProperty } from '../../../components/customer-form/customer-value.ts';

const isBlank = (value: ReservationFieldValue | undefined) => value === null || value === undefined || String(value).trim() === '';

export function CustomerDetails({ customer }: { customer: ReservationCustomer }) {
  const { t } = useTranslation('reservation');
  const organisation = useOrganisation();
  const values = customerFormValues(customer);
  const fields = [...organisation.fields].sort((a, b) => a.sort - b.sort);

  const display = (value: ReservationFieldValue, field?: CustomerField): string => {
    if (typeof value === 'boolean') return value ? t('customer.yes') : t('customer.no');
    if (field?.type === 'DROPDOWN') return field.options.find((option) => option.value === value)?.label ?? String(value);
    return String(value);
  };

  const rows: { key: string; label: string; value: string }[] = [];
  for (const field of fields) {
    // The repeated e-mail address says nothing new.
    if (field.type === 'EMAIL_CONFIRM') continue;
    const value = customerValue(values, field);
    if (!isBlank(value)) rows.push({ key: field.name, label: field.label, value: display(value, field) });
  }
  // Built-in details and saved values the organisation has no field for (any more).
  const known = new Set(fields.map((field) => customerProperty(field) ?? field.name));
  const { fields: extra, ...properties } = values;
  for (const [property, value] of Object.entries(properties)) {
    if (!known.has(property) && !isBlank(value)) rows.push({ key: property, label: t(`customer.${property}`), value });
  }
  for (const [key, value] of Object.entries(extra)) {
    if (!known.has(key) && !isBlank(value)) rows.push({ key, label: key, value: display(value) });
  }

  return (
    <dl className="reservation-customer">
      {rows.map((row) => (
        <div key={row.key} className="reservation-customer__row">
          <dt>{row.label}</dt>
          <dd>{row.value}</dd>
        </div>
      ))}
    </dl>
  );
}
