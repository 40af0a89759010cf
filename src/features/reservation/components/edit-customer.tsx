/**
 * The reservation edit (spec sections 4 and 5): view, editing, saving, then back to view with the
 * success message or the error's message. Cancel restores the values; after saving the reservation
 * is reloaded. The same domain rules as the order form decide what is valid (and the server checks
 * them again). Default fields (names, e-mail address) are shown, not editable (spec section 5).
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/alert.tsx';
import { ApiErrorText } from '../../../components/api-error-text.tsx';
import { CustomerForm } from '../../../components/customer-form/customer-form.tsx';
import type { ReservationCustomer, ReservationResponse } from '#domain/contracts/reservation.ts';
import { customerFormValues } from '#domain/customer.ts';
import { validateCustomer, type CustomerFormValues } from '#domain/order/customer-form.ts';
import { isEditableOnReservation } from '#domain/order/reservation-edit.ts';
import { useOrganisation } from '../../../lib/api/organisation.ts';
import { useUpdateReservation } from '../api/update-reservation.ts';
import { CustomerDetails } from './customer-details.tsx';

const orNull = (value: string) => (value.trim() === '' ? null : value.trim());

/** Company and VAT number only with the company box ticked, empty extra fields as null (spec section 5). */
function toCustomer(values: CustomerFormValues, companyTicked: boolean): ReservationCustomer {
  const fields = Object.fromEntries(Object.entries(values.fields).map(([key, value]) => [key, typeof value === 'string' ? orNull(value) : value]));
  return {
    first_name: values.first_name.trim(),
    last_name: values.last_name.trim(),
    email: values.email.trim(),
    company: companyTicked ? orNull(values.company) : null,
    vat_id: companyTicked ? orNull(values.vat_id) : null,
    address: orNull(values.address),
    zipcode: orNull(values.zipcode),
    city: orNull(values.city),
    fields,
  };
}

export function EditCustomer({ answer }: { answer: ReservationResponse }) {
  const { t } = useTranslation('reservation');
  const organisation = useOrganisation();
  const save = useUpdateReservation(answer.reservation.hash);
  const saved = answer.reservation.customer;
  const [editing, setEditing] = useState(false);
  const [values, setValues] = useState<CustomerFormValues>(() => customerFormValues(saved));
  const [companyTicked, setCompanyTicked] = useState(saved.company !== null);
  const [problem, setProblem] = useState(false);
  const [done, setDone] = useState(false);
  const cart = { products: [answer.product.id], subscriptions: [], vouchers: [] };

  const start = () => {
    setValues(customerFormValues(saved));
    setCompanyTicked(saved.company !== null);
    setProblem(false);
    setDone(false);
    save.reset();
    setEditing(true);
  };

  const submit = () => {
    const blank = [values.first_name, values.last_name, values.email].some((value) => value.trim() === '');
    const invalid =
      Object.keys(validateCustomer(values, organisation.fields, cart, { allowBusiness: organisation.shop.allow_business, companyTicked })).length > 0;
    setProblem(blank || invalid);
    if (blank || invalid) return;
    save.mutate(toCustomer(values, companyTicked), {
      onSuccess: () => {
        setEditing(false);
        setDone(true);
      },
    });
  };

  if (!editing) {
    return (
      <>
        {done ? <Alert tone="success">{t('overview.edit.success')}</Alert> : null}
        <CustomerDetails customer={saved} />
        <button type="button" className="button button--secondary" onClick={start}>
          {t('overview.edit.start')}
        </button>
      </>
    );
  }
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <CustomerForm
        fields={organisation.fields}
        cart={cart}
        values={values}
        onChange={setValues}
        companyTicked={companyTicked}
        onCompanyTickedChange={setCompanyTicked}
        allowBusiness={organisation.shop.allow_business}
        locked={false}
        showAllErrors={problem}
        fixedField={(field) => !isEditableOnReservation(field)}
      />
      {problem ? <Alert tone="danger">{t('overview.edit.validation')}</Alert> : null}
      {save.isError ? (
        <Alert tone="danger">
          <ApiErrorText error={save.error} reading="reservationSave" />
        </Alert>
      ) : null}
      <div className="actions">
        <button type="submit" className="button button--primary" disabled={save.isPending}>
          {t('overview.edit.save')}
        </button>
        <button type="button" className="button button--secondary" onClick={() => setEditing(false)}>
          {t('overview.edit.cancel')}
        </button>
      </div>
    </form>
  );
}
