import { describe, expect, it } from 'vitest';
import { EMPTY_CUSTOMER, prefillFromClient } from '../../../src/components/customer-form/prefill-from-client.ts';
import { customerFields, demoClient } from './customer-fields.ts';

describe('prefillFromClient', () => {
  it("maps the client's details and saved field values to the form", () => {
    expect(prefillFromClient(demoClient, customerFields)).toEqual({
      first_name: 'Dana',
      last_name: 'de Vries',
      email: 'demo@tidewater.example',
      company: '',
      vat_id: '',
      address: 'Havenstraat 12',
      zipcode: '1011 AB',
      city: 'Amsterdam',
      fields: {
        phone: '+31 6 1234 5678',
        heard_about_us: 'friends',
        newsletter: true,
        email_confirm: 'demo@tidewater.example',
      },
    });
  });

  it('takes company and VAT number, and skips saved values of fields the shop no longer has', () => {
    const values = prefillFromClient(
      {
        ...demoClient,
        company: 'Tidewater Friends',
        vat_id: 'NL123',
        fields: [
          { id: 999, value: 'x' },
          { id: 5, value: null },
        ],
      },
      customerFields,
    );
    expect(values.company).toBe('Tidewater Friends');
    expect(values.vat_id).toBe('NL123');
    expect(values.fields).toEqual({ phone: null, email_confirm: 'demo@tidewater.example' });
  });

  it('starts from an empty form', () => {
    expect(EMPTY_CUSTOMER).toEqual({
      first_name: '',
      last_name: '',
      email: '',
      company: '',
      vat_id: '',
      address: '',
      zipcode: '',
      city: '',
      fields: {},
    });
  });
});
