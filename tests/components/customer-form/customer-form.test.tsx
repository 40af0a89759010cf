import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { EMPTY_CUSTOMER, prefillFromClient } from '../../../src/components/customer-form/prefill-from-client.ts';
import { BEHIND_THE_SCENES, customerFields, demoClient, FAMILY_MEMBERSHIP, SCHOOL_GROUP_VISIT } from './customer-fields.ts';
import { control, errorOf, hintOf, renderCustomerForm } from './render-customer-form.tsx';

const ALL_PRODUCT_FIELDS = { products: [BEHIND_THE_SCENES, SCHOOL_GROUP_VISIT], subscriptions: [], vouchers: [] };

describe('customer form: controls', () => {
  it('renders every field type with its control, autocomplete and required marker, in sort order', async () => {
    await renderCustomerForm({ cart: ALL_PRODUCT_FIELDS, companyTicked: true });

    const expectations: [RegExp, Record<string, string | null>][] = [
      [/^First name/, { type: 'text', autocomplete: 'given-name', 'aria-required': 'true' }],
      [/^Last name/, { type: 'text', autocomplete: 'family-name', 'aria-required': 'true' }],
      [/^E-mail address/, { type: 'email', autocomplete: 'email', 'aria-required': 'true' }],
      [/^Repeat e-mail address/, { type: 'email', autocomplete: 'email', 'aria-required': 'true' }],
      [/^Phone number/, { type: 'tel', autocomplete: 'tel', 'aria-required': null }],
      [/^Company name/, { type: 'text', autocomplete: 'organization' }],
      [/^Street and number/, { type: 'text', autocomplete: 'street-address' }],
      [/^Postcode/, { type: 'text', autocomplete: 'postal-code' }],
      [/^Town/, { type: 'text', autocomplete: 'address-level2' }],
      [/^VAT number/, { type: 'text' }],
      [/^Date of birth/, { type: 'date', autocomplete: 'bday', 'aria-required': 'true' }],
      [/^Group size/, { type: 'text', inputmode: 'decimal', 'aria-required': 'true' }],
      [/^Dietary needs/, { type: 'text', 'aria-required': null }],
      [/^I accept the safety rules/, { type: 'checkbox', 'aria-required': 'true' }],
      [/^Send me the newsletter/, { type: 'checkbox', 'aria-required': null }],
    ];
    for (const [label, attributes] of expectations) {
      const element = control(label);
      expect(element.tagName, String(label)).toBe('INPUT');
      for (const [name, value] of Object.entries(attributes)) expect(element.getAttribute(name), `${label} ${name}`).toBe(value);
    }
    // Required fields carry the visible marker.
    expect(screen.getByText('First name').closest('label')?.textContent).toBe('First name *');
    expect(screen.getByText('Phone number').closest('label')?.textContent).toBe('Phone number');

    const dropdown = control(/^How did you hear about us/);
    expect(dropdown.tagName).toBe('SELECT');
    expect(Array.from(dropdown.options).map((option) => [option.value, option.text])).toEqual([
      ['', 'Choose…'],
      ['friends', 'Friends or family'],
      ['social', 'Social media'],
      ['newspaper', 'Newspaper'],
      ['other', 'Other'],
    ]);

    const names = Array.from(document.querySelectorAll<HTMLInputElement>('input[name], select[name]')).map((element) => element.name);
    expect(names).toEqual([
      'first_name',
      'last_name',
      'email',
      'email_confirm',
      'phone',
      'company_ticked',
      'company',
      'address',
      'zipcode',
      'city',
      'vat_id',
      'date_of_birth',
      'group_size',
      'dietary_needs',
      'heard_about_us',
      'safety_rules',
      'newsletter',
    ]);
  });

  it('shows only the fields that apply to the items in the cart', async () => {
    await renderCustomerForm({ cart: { products: [SCHOOL_GROUP_VISIT], subscriptions: [], vouchers: [] } });
    expect(control(/^Group size/)).toBeTruthy();
    expect(screen.queryByLabelText(/^Date of birth/)).toBeNull();
    expect(screen.queryByLabelText(/^I accept the safety rules/)).toBeNull();
    // A field for everything applies to a subscription too; a product's field does not.
    expect(control(/^How did you hear about us/)).toBeTruthy();
  });

  it('leaves product fields off a subscription order', async () => {
    await renderCustomerForm({ cart: { products: [], subscriptions: [FAMILY_MEMBERSHIP], vouchers: [] } });
    expect(screen.queryByLabelText(/^Group size/)).toBeNull();
    expect(screen.queryByLabelText(/^Date of birth/)).toBeNull();
    expect(control(/^First name/)).toBeTruthy();
  });
});

describe('customer form: validation', () => {
  it('judges a field once it was left: danger border and the translated message', async () => {
    const { user } = await renderCustomerForm({ cart: ALL_PRODUCT_FIELDS });

    await user.type(control(/^E-mail address/), 'dana@');
    expect(errorOf(control(/^E-mail address/))).toBeNull();
    await user.tab();
    expect(errorOf(control(/^E-mail address/))).toBe('Enter a valid e-mail address.');
    expect(control(/^E-mail address/).className).toContain('is-invalid');
    // Not visited yet: not judged.
    expect(errorOf(control(/^First name/))).toBeNull();

    await user.type(control(/^E-mail address/), 'tidewater.example');
    expect(errorOf(control(/^E-mail address/))).toBeNull();
    expect(control(/^E-mail address/).className).not.toContain('is-invalid');
  });

  it.each([
    [/^First name/, '', 'This field is required.'],
    [/^Phone number/, '12345678', 'Enter a phone number of 10 to 15 digits.'],
    [/^Group size/, '12.345', 'Enter a number, with at most 2 decimals.'],
    [/^Group size/, 'ten', 'Enter a number, with at most 2 decimals.'],
  ])('refuses %s = %j', async (label, typed, message) => {
    const { user } = await renderCustomerForm({ cart: ALL_PRODUCT_FIELDS });
    await user.click(control(label));
    if (typed) await user.type(control(label), typed);
    await user.tab();
    expect(errorOf(control(label))).toBe(message);
  });

  it.each([
    [/^Phone number/, '+31 6 1234 5678'],
    [/^Phone number/, '+31'],
    [/^Group size/, '12,5'],
    [/^Dietary needs/, ''],
  ])('accepts %s = %j', async (label, typed) => {
    const { user } = await renderCustomerForm({ cart: ALL_PRODUCT_FIELDS });
    await user.click(control(label));
    if (typed) await user.type(control(label), typed);
    await user.tab();
    expect(errorOf(control(label))).toBeNull();
  });

  it('takes a date as YYYY-MM-DD and requires it', async () => {
    const { lastValues } = await renderCustomerForm({ cart: ALL_PRODUCT_FIELDS });
    const date = control(/^Date of birth/);
    fireEvent.blur(date);
    expect(errorOf(date)).toBe('This field is required.');

    fireEvent.change(date, { target: { value: '1990-05-17' } });
    expect(lastValues()?.fields.date_of_birth).toBe('1990-05-17');
    expect(errorOf(control(/^Date of birth/))).toBeNull();
  });

  it('reports e-mail addresses that differ on the confirmation, ignoring case', async () => {
    const { user } = await renderCustomerForm();
    await user.type(control(/^E-mail address/), 'dana@tidewater.example');
    await user.type(control(/^Repeat e-mail address/), 'dana@tidewater.exampel');
    await user.tab();
    expect(errorOf(control(/^Repeat e-mail address/))).toBe('The e-mail addresses do not match.');

    await user.clear(control(/^Repeat e-mail address/));
    await user.type(control(/^Repeat e-mail address/), 'Dana@Tidewater.Example');
    expect(errorOf(control(/^Repeat e-mail address/))).toBeNull();
  });

  it('asks for one of the dropdown options, dropping the placeholder of a required one once chosen', async () => {
    const { user, lastValues } = await renderCustomerForm();
    const dropdown = control(/^How did you hear about us/);
    fireEvent.blur(dropdown);
    expect(errorOf(dropdown)).toBe('This field is required.');

    await user.selectOptions(dropdown, 'social');
    expect(lastValues()?.fields.heard_about_us).toBe('social');
    expect(errorOf(control(/^How did you hear about us/))).toBeNull();
    expect(Array.from(control(/^How did you hear about us/).options).map((option) => option.value)).toEqual(['friends', 'social', 'newspaper', 'other']);
  });

  it('reports a dropdown value that is not one of the options', async () => {
    await renderCustomerForm({ values: { ...EMPTY_CUSTOMER, fields: { heard_about_us: 'television' } }, showAllErrors: true });
    expect(errorOf(control(/^How did you hear about us/))).toBe('Choose one of the options.');
  });

  it('keeps the placeholder of an optional dropdown', async () => {
    const { user } = await renderCustomerForm({
      fields: [
        {
          id: 30,
          name: 'visit_reason',
          label: 'Reason of visit',
          type: 'DROPDOWN',
          required: false,
          default: false,
          business: false,
          options: [{ value: 'fun', label: 'Fun' }],
          sort: 1,
          products: [],
          subscriptions: [],
          vouchers: [],
        },
      ],
    });
    await user.selectOptions(control(/^Reason of visit/), 'fun');
    expect(Array.from(control(/^Reason of visit/).options).map((option) => option.value)).toEqual(['', 'fun']);
    expect(control(/^Reason of visit/).getAttribute('aria-required')).toBeNull();
  });

  it('requires a required checkbox to be ticked, and stores a boolean', async () => {
    const { user, lastValues } = await renderCustomerForm({ cart: ALL_PRODUCT_FIELDS, showAllErrors: true });
    expect(errorOf(control(/^I accept the safety rules/))).toBe('This field is required.');
    expect(errorOf(control(/^Send me the newsletter/))).toBeNull();

    await user.click(control(/^I accept the safety rules/));
    expect(lastValues()?.fields.safety_rules).toBe(true);
    expect(errorOf(control(/^I accept the safety rules/))).toBeNull();
  });

  it('shows every problem at once when the flow asks for it', async () => {
    await renderCustomerForm({ showAllErrors: true });
    expect(errorOf(control(/^First name/))).toBe('This field is required.');
    expect(errorOf(control(/^Last name/))).toBe('This field is required.');
    expect(errorOf(control(/^E-mail address/))).toBe('This field is required.');
    expect(errorOf(control(/^How did you hear about us/))).toBe('This field is required.');
    expect(errorOf(control(/^Phone number/))).toBeNull();
  });
});

describe('customer form: company box', () => {
  it('shows the business fields only while ticked, and clears them when unticked', async () => {
    const { user, lastValues } = await renderCustomerForm({ cart: ALL_PRODUCT_FIELDS });
    expect(screen.queryByLabelText(/^Company name/)).toBeNull();
    expect(screen.queryByLabelText(/^Town/)).toBeNull();

    await user.click(control('I am ordering for a company'));
    await user.type(control(/^Company name/), 'Tidewater Friends');
    await user.type(control(/^Town/), 'Amsterdam');
    await user.type(control(/^VAT number/), 'NL123');
    await user.type(control(/^First name/), 'Dana');
    expect(lastValues()).toMatchObject({ company: 'Tidewater Friends', city: 'Amsterdam', vat_id: 'NL123' });

    await user.click(control('I am ordering for a company'));
    expect(screen.queryByLabelText(/^Company name/)).toBeNull();
    expect(lastValues()).toMatchObject({ first_name: 'Dana', company: '', city: '', vat_id: '', address: '', zipcode: '' });

    // Ticking again starts empty.
    await user.click(control('I am ordering for a company'));
    expect(control(/^Company name/).value).toBe('');
  });

  it('has no company box when the shop takes no business orders, and then asks the business fields', async () => {
    await renderCustomerForm({ allowBusiness: false });
    expect(screen.queryByLabelText('I am ordering for a company')).toBeNull();
    expect(control(/^Company name/)).toBeTruthy();
    expect(control(/^VAT number/)).toBeTruthy();
  });
});

describe('customer form: signed-in client', () => {
  it("makes the client's saved values read-only and leaves the rest editable", async () => {
    const { user } = await renderCustomerForm({
      cart: ALL_PRODUCT_FIELDS,
      client: demoClient,
      locked: true,
      values: prefillFromClient(demoClient, customerFields),
    });

    for (const label of [/^First name/, /^Last name/, /^E-mail address/, /^Repeat e-mail address/, /^Phone number/]) {
      expect(control(label).readOnly, String(label)).toBe(true);
      expect(hintOf(control(label)), String(label)).toBe('Saved in your account.');
    }
    expect(control(/^First name/).value).toBe('Dana');
    await user.type(control(/^First name/), 'X');
    expect(control(/^First name/).value).toBe('Dana');

    expect(control(/^How did you hear about us/).disabled).toBe(true);
    expect(control(/^How did you hear about us/).value).toBe('friends');
    const newsletter = control(/^Send me the newsletter/);
    expect(newsletter.checked).toBe(true);
    expect(newsletter.getAttribute('aria-readonly')).toBe('true');
    await user.click(newsletter);
    expect(control(/^Send me the newsletter/).checked).toBe(true);

    // Nothing saved for these: the client fills them in.
    for (const label of [/^Date of birth/, /^Group size/, /^Dietary needs/]) {
      expect(control(label).readOnly, String(label)).toBe(false);
      expect(hintOf(control(label))).toBeNull();
    }
    await user.type(control(/^Group size/), '24');
    expect(control(/^Group size/).value).toBe('24');
    await user.click(control(/^I accept the safety rules/));
    expect(control(/^I accept the safety rules/).checked).toBe(true);
  });

  it('locks nothing when the form is not locked', async () => {
    const { user } = await renderCustomerForm({ client: demoClient, locked: false });
    await user.type(control(/^First name/), 'Dana');
    expect(control(/^First name/).readOnly).toBe(false);
    expect(control(/^First name/).value).toBe('Dana');
  });
});
