/** Renders the customer form with its state held the way a flow holds it, and records every change. */
import { useState } from 'react';
import { screen } from '@testing-library/react';
import { CustomerForm } from '../../../src/components/customer-form/customer-form.tsx';
import { EMPTY_CUSTOMER } from '../../../src/components/customer-form/prefill-from-client.ts';
import type { Client } from '#domain/contracts/client.ts';
import type { CustomerField } from '#domain/contracts/organisation.ts';
import type { CustomerFormValues } from '#domain/order/customer-form.ts';
import { clientQuery } from '../../../src/lib/api/client.ts';
import { createShopQueryClient, renderWithShop } from '../components/render-with-shop.tsx';
import { AQUARIUM_ENTRY, customerFields } from './customer-fields.ts';

export interface FormSetup {
  fields?: CustomerField[];
  cart?: { products: number[]; subscriptions: number[]; vouchers: number[] };
  values?: CustomerFormValues;
  companyTicked?: boolean;
  allowBusiness?: boolean;
  locked?: boolean;
  showAllErrors?: boolean;
  client?: Client | null;
}

export async function renderCustomerForm(setup: FormSetup = {}) {
  const changes: CustomerFormValues[] = [];
  const fields = setup.fields ?? customerFields;
  const cart = setup.cart ?? { products: [AQUARIUM_ENTRY], subscriptions: [], vouchers: [] };

  function Harness() {
    const [values, setValues] = useState(setup.values ?? EMPTY_CUSTOMER);
    const [companyTicked, setCompanyTicked] = useState(setup.companyTicked ?? false);
    return (
      <form noValidate>
        <CustomerForm
          fields={fields}
          cart={cart}
          values={values}
          onChange={(next) => {
            changes.push(next);
            setValues(next);
          }}
          companyTicked={companyTicked}
          onCompanyTickedChange={setCompanyTicked}
          allowBusiness={setup.allowBusiness ?? true}
          locked={setup.locked ?? false}
          showAllErrors={setup.showAllErrors ?? false}
        />
        <button type="button">Elsewhere</button>
      </form>
    );
  }

  const queryClient = createShopQueryClient();
  queryClient.setQueryData(clientQuery('en').queryKey, setup.client ?? null);
  const view = await renderWithShop({ '/': <Harness /> }, { path: '/', queryClient });
  const lastValues = () => changes[changes.length - 1];
  return { ...view, changes, lastValues };
}

/** The form control labelled so (inputs, selects and checkboxes alike). */
export const control = (label: string | RegExp) => screen.getByLabelText(label) as HTMLInputElement & HTMLSelectElement;

/** The error message tied to a control, or null when it is not marked invalid. */
export function errorOf(element: HTMLElement): string | null {
  if (element.getAttribute('aria-invalid') !== 'true') return null;
  const ids = (element.getAttribute('aria-describedby') ?? '').split(' ');
  return ids.map((id) => document.getElementById(id)).find((node) => node?.className === 'field__error')?.textContent ?? null;
}

/** The hint tied to a control, or null. */
export function hintOf(element: HTMLElement): string | null {
  const ids = (element.getAttribute('aria-describedby') ?? '').split(' ');
  return ids.map((id) => document.getElementById(id)).find((node) => node?.className === 'field__hint')?.textContent ?? null;
}
