/**
 * The customer step's form (spec sections 4 and 5): the fields that apply to the cart, in `sort`
 * order, the company box when the shop takes business orders, and each field's problem once the
 * field was left (or all of them when the flow asks). For a signed-in client the details saved in
 * the account are read-only (spec section 6). Which fields show and what is valid is decided by
 * src/domain/order/customer-form.ts; this only draws it.
 */
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CheckboxField } from '../checkbox-field.tsx';
import { ErrorSummary, type ErrorSummaryItem } from '../error-summary.tsx';
import type { CustomerField } from '#domain/contracts/organisation.ts';
import type { CartItems } from '#domain/field-applicability.ts';
import {
  applicableFields,
  clearBusinessValues,
  customerValue,
  isBusinessField,
  validateCustomer,
  type CustomerFormValues,
} from '#domain/order/customer-form.ts';
import { isEmptyFieldValue } from '#domain/validation/field-rules.ts';
import { useClient } from '../../lib/api/client.ts';
import { CustomerFieldControl } from './customer-field-control.tsx';
import { withCustomerValue } from './customer-value.ts';
import { prefillFromClient } from './prefill-from-client.ts';

export interface CustomerFormProps {
  fields: CustomerField[];
  cart: CartItems;
  values: CustomerFormValues;
  onChange(values: CustomerFormValues): void;
  companyTicked: boolean;
  onCompanyTickedChange(ticked: boolean): void;
  /** The organisation's shop.allow_business. */
  allowBusiness: boolean;
  /** A signed-in client's saved details may not be changed here. */
  locked: boolean;
  /** Shows every problem, also of fields not visited yet (after a submit attempt). */
  showAllErrors: boolean;
  /** Fields shown but not editable here (the reservation edit keeps the booking's e-mail address). */
  fixedField?: (field: CustomerField) => boolean;
  /** Failed submits so far: from the first, an error summary above the form takes the focus on each. */
  failedSubmits?: number;
  /** Problems of fields beside the form (a flow's own), listed in the error summary after the customer's. */
  moreProblems?: ErrorSummaryItem[];
}

/** The id of a customer field's control (the error summary links to it). */
export const customerFieldId = (field: CustomerField) => `customer-field-${field.name}`;

/** Whether a field holds a saved value of the client (which a locked form keeps). */
function useSavedByClient(fields: CustomerField[], locked: boolean): (field: CustomerField) => boolean {
  const client = useClient();
  const saved = useMemo(() => (locked && client ? prefillFromClient(client, fields) : null), [locked, client, fields]);
  return (field) => saved !== null && !isEmptyFieldValue({ type: field.type, required: field.required }, customerValue(saved, field));
}

export function CustomerForm(props: CustomerFormProps) {
  const {
    fields,
    cart,
    values,
    onChange,
    companyTicked,
    onCompanyTickedChange,
    allowBusiness,
    locked,
    showAllErrors,
    failedSubmits = 0,
    moreProblems = [],
  } = props;
  const { t } = useTranslation(['customer', 'validation']);
  const [visited, setVisited] = useState<ReadonlySet<string>>(() => new Set());
  const savedByClient = useSavedByClient(fields, locked);

  const options = { allowBusiness, companyTicked };
  const shown = applicableFields(fields, cart, options);
  const problems = validateCustomer(values, fields, cart, options);
  // Unticking would wipe the company the client's account holds.
  const companyLocked = companyTicked && fields.some((field) => isBusinessField(field) && savedByClient(field));

  const toggleCompany = (ticked: boolean) => {
    if (companyLocked) return;
    onCompanyTickedChange(ticked);
    if (!ticked) onChange(clearBusinessValues(values, fields));
  };

  const renderField = (field: CustomerField) => {
    const problem = showAllErrors || visited.has(field.name) ? problems[field.name] : undefined;
    // The default fields (name, e-mail) are always in a client's account; a field the account lacks stays open.
    const byClient = savedByClient(field);
    const readOnly = byClient || (props.fixedField?.(field) ?? false);
    return (
      <CustomerFieldControl
        key={field.id}
        id={customerFieldId(field)}
        field={field}
        value={customerValue(values, field)}
        onChange={(value) => onChange(withCustomerValue(values, field, value))}
        onBlur={() => setVisited((current) => (current.has(field.name) ? current : new Set(current).add(field.name)))}
        error={problem ? t(`validation:${problem}`) : null}
        readOnly={readOnly}
        hint={byClient ? t('customer:locked') : undefined}
      />
    );
  };

  // The company box sits where the business fields start, ticked or not, so it never jumps.
  const withCompany = applicableFields(fields, cart, { allowBusiness, companyTicked: true });
  const businessStart = withCompany.findIndex(isBusinessField);
  const isBefore = (field: CustomerField) => businessStart === -1 || withCompany.indexOf(field) < businessStart;
  const before = shown.filter(isBefore);
  const after = shown.filter((field) => !isBefore(field));

  const summary = [
    ...shown.flatMap((field) => {
      const problem = problems[field.name];
      return problem ? [{ fieldId: customerFieldId(field), text: `${field.label}: ${t(`validation:${problem}`)}` }] : [];
    }),
    ...moreProblems,
  ];

  return (
    <div className="customer-form">
      {failedSubmits > 0 && showAllErrors ? (
        <ErrorSummary title={t('customer:errorSummary', { count: summary.length })} items={summary} attempt={failedSubmits} />
      ) : null}
      {before.map(renderField)}
      {allowBusiness ? (
        <CheckboxField
          name="company_ticked"
          label={t('customer:company')}
          checked={companyTicked}
          readOnly={companyLocked}
          aria-readonly={companyLocked || undefined}
          hint={companyLocked ? t('customer:locked') : undefined}
          onClick={companyLocked ? (event) => event.preventDefault() : undefined}
          onChange={(event) => toggleCompany(event.target.checked)}
        />
      ) : null}
      {after.map(renderField)}
    </div>
  );
}
