/**
 * One customer field with the control its type asks for (spec section 3, Field types). It only
 * shows a value and reports changes; whether the value is acceptable is the form's business.
 */
import type { HTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { CheckboxField } from '../checkbox-field.tsx';
import { TextField } from '../text-field.tsx';
import type { CustomerField, FieldType } from '#domain/contracts/organisation.ts';
import type { CustomerFieldValue } from './customer-value.ts';
import { SelectField } from './select-field.tsx';

export interface CustomerFieldControlProps {
  /** The control's id (links and labels point at it). */
  id: string;
  field: CustomerField;
  value: CustomerFieldValue;
  onChange(value: CustomerFieldValue): void;
  onBlur(): void;
  /** Translated message, or null. */
  error: string | null;
  readOnly: boolean;
  hint?: string;
}

interface InputKind {
  type: 'text' | 'email' | 'tel' | 'date';
  autoComplete?: string;
  inputMode?: HTMLAttributes<HTMLInputElement>['inputMode'];
}

const INPUT_KINDS: Partial<Record<FieldType, InputKind>> = {
  FIRST_NAME: { type: 'text', autoComplete: 'given-name' },
  LAST_NAME: { type: 'text', autoComplete: 'family-name' },
  COMPANY: { type: 'text', autoComplete: 'organization' },
  ADDRESS: { type: 'text', autoComplete: 'street-address' },
  ZIPCODE: { type: 'text', autoComplete: 'postal-code' },
  CITY: { type: 'text', autoComplete: 'address-level2' },
  VAT_ID: { type: 'text', autoComplete: 'off' },
  EMAIL: { type: 'email', autoComplete: 'email' },
  EMAIL_CONFIRM: { type: 'email', autoComplete: 'email' },
  NUMBER: { type: 'text', inputMode: 'decimal' },
  PHONE: { type: 'tel', autoComplete: 'tel' },
  DATE: { type: 'date' },
};

// Only a date asked as a birth date is one the browser may fill in from the visitor's profile.
const autoCompleteOf = (field: CustomerField, kind: InputKind) => (field.type === 'DATE' && /birth/i.test(field.name) ? 'bday' : kind.autoComplete);

export function CustomerFieldControl({ id, field, value, onChange, onBlur, error, readOnly, hint }: CustomerFieldControlProps) {
  const { t } = useTranslation('customer');
  const common = { id, name: field.name, label: field.label, required: field.required, error, hint, onBlur };

  if (field.type === 'CHECKBOX') {
    return (
      <CheckboxField
        {...common}
        checked={value === true}
        readOnly={readOnly}
        aria-readonly={readOnly || undefined}
        // A checkbox ignores readOnly: a locked one swallows the click instead.
        onClick={readOnly ? (event) => event.preventDefault() : undefined}
        onChange={(event) => onChange(event.target.checked)}
      />
    );
  }
  if (field.type === 'DROPDOWN') {
    const current = value === null || value === undefined ? '' : String(value);
    return (
      <SelectField
        {...common}
        value={current}
        options={field.options}
        placeholder={!field.required || current === '' ? t('choose') : undefined}
        // A select has no read-only state; disabling it is the closest.
        disabled={readOnly}
        aria-readonly={readOnly || undefined}
        onChange={(event) => onChange(event.target.value === '' ? null : event.target.value)}
      />
    );
  }
  const kind = INPUT_KINDS[field.type] ?? { type: 'text' };
  return (
    <TextField
      {...common}
      type={kind.type}
      inputMode={kind.inputMode}
      autoComplete={autoCompleteOf(field, kind)}
      value={value === null || value === undefined ? '' : String(value)}
      readOnly={readOnly}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}
