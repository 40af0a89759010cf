/**
 * Change an order's customer details: the shop's customer fields that apply to the order (in the
 * order's language, from the API), checked by the checkout's own rules (`validateCustomer`, the
 * rule the server checks again) before anything is sent.
 */
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm, type FieldErrors, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { DeskOrder } from '#domain/contracts/backoffice-orders.schema.ts';
import type { CustomerField } from '#domain/contracts/organisation.ts';
import { customerFormValues } from '#domain/customer.ts';
import { applicableFields, builtInProperty, validateCustomer, type CustomerFormValues } from '#domain/order/customer-form.ts';
import { customerFieldsQuery, useSaveOrderCustomer } from '../../api/orders.ts';
import { errorText } from '../../../lib/error-message.ts';
import { ActionForm } from '../../ui/action-form.tsx';
import { Modal } from '../../../components/modal.tsx';
import { InlineField, StackedField } from '../../../components/field-parts.tsx';

const INPUT_TYPE: Partial<Record<CustomerField['type'], string>> = { EMAIL: 'email', EMAIL_CONFIRM: 'email', NUMBER: 'number', PHONE: 'tel', DATE: 'date' };

export function CustomerDialog({ order, onClose, onDone }: { order: DeskOrder; onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation(['backoffice-orders', 'backoffice']);
  const shop = useQuery(customerFieldsQuery(order.number));
  const [company, setCompany] = useState(Boolean(order.customer.company));
  const cart = { products: order.product ? [order.product.id] : [], subscriptions: [], vouchers: [] };
  const options = { allowBusiness: shop.data?.allow_business ?? false, companyTicked: company };
  const fields = shop.data ? applicableFields(shop.data.fields, cart, options) : [];
  const resolver: Resolver<CustomerFormValues> = async (values) => {
    const problems = validateCustomer(values, shop.data?.fields ?? [], cart, options);
    // react-hook-form reads errors as a tree: built-in values at the top, the shop's own under `fields`.
    const errors: Record<string, unknown> = {};
    const custom: Record<string, unknown> = {};
    for (const field of fields) {
      const problem = problems[field.name];
      if (!problem) continue;
      const error = { type: 'rule', message: problem };
      const property = builtInProperty(field.type);
      if (property) errors[property] = error;
      else custom[field.name] = error;
    }
    if (Object.keys(custom).length > 0) errors.fields = custom;
    return Object.keys(errors).length > 0 ? { values: {}, errors: errors as FieldErrors<CustomerFormValues> } : { values, errors: {} };
  };
  const form = useForm<CustomerFormValues>({
    resolver,
    defaultValues: customerFormValues({ ...order.customer, fields: order.customer.fields as CustomerFormValues['fields'] }),
  });
  const save = useSaveOrderCustomer(order.number, { onSuccess: () => onDone() });
  const customerOf = (values: CustomerFormValues) => {
    const sent = Object.fromEntries(fields.filter((field) => !builtInProperty(field.type)).map((field) => [field.name, values.fields[field.name] ?? null]));
    return { ...values, ...(company ? {} : { company: null, vat_id: null, address: null, zipcode: null, city: null }), fields: sent };
  };

  const errorOf = (field: CustomerField) => {
    const path = builtInProperty(field.type);
    const error = path ? form.formState.errors[path] : form.formState.errors.fields?.[field.name];
    return error?.message ? t(`problems.${error.message}`) : undefined;
  };

  return (
    <Modal open title={t('customer.title', { number: order.number })} closeLabel={t('close')} onClose={onClose}>
      {shop.error ? <p role="alert">{errorText(t, shop.error)}</p> : null}
      {shop.isPending ? <p role="status">{t('customer.loading')}</p> : null}
      {shop.data ? (
        <ActionForm
          onSubmit={form.handleSubmit((values) => save.mutate(customerOf(values)))}
          error={save.error}
          pending={save.isPending}
          submitLabel={t('customer.save')}
        >
          {shop.data.allow_business ? (
            <InlineField label={t('customer.company')}>
              {(props) => <input {...props} type="checkbox" checked={company} onChange={(event) => setCompany(event.target.checked)} />}
            </InlineField>
          ) : null}
          {fields.map((field) => {
            const path = builtInProperty(field.type) ?? (`fields.${field.name}` as const);
            const label = `${field.label}${field.required ? ' *' : ''}`;
            if (field.type === 'CHECKBOX')
              return (
                <InlineField key={field.id} label={label}>
                  {(props) => <input {...props} type="checkbox" {...form.register(path as `fields.${string}`)} />}
                </InlineField>
              );
            return (
              <StackedField key={field.id} label={label} error={errorOf(field)}>
                {(props) =>
                  field.type === 'DROPDOWN' ? (
                    <select {...props} {...form.register(path)}>
                      <option value="">{t('customer.choose')}</option>
                      {field.options.map((option) => (
                        <option key={option.value} value={option.value}>
                          {option.label}
                        </option>
                      ))}
                    </select>
                  ) : (
                    <input {...props} type={INPUT_TYPE[field.type] ?? 'text'} {...form.register(path)} />
                  )
                }
              </StackedField>
            );
          })}
        </ActionForm>
      ) : null}
    </Modal>
  );
}
