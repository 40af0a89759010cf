/** The form of one voucher (gift cards on sale): the values a buyer picks with their stock, quantities, validity, texts per language. */
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useFieldArray, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { voucherEditorSchema, type VoucherEditorView } from '#domain/backoffice/sales-editor.ts';
import { StackedField } from '../../../components/field-parts.tsx';
import { shopLanguagesQuery } from '../../api/languages.ts';
import { useSaveVoucher } from '../../api/vouchers.ts';
import { optionalNumber } from '../../ui/editor-form.ts';
import { formProblems, refusalFields } from '../../ui/form-problems.ts';
import { RecordForm, useRecordOutcome } from '../../ui/record-editor.tsx';
import { TranslationsFields } from '../../ui/translations-fields.tsx';
import { CategoriesAndTexts, SlugAndState } from './sale-item-fields.tsx';

type Input = z.input<typeof voucherEditorSchema>;
type Output = z.output<typeof voucherEditorSchema>;

export function VoucherForm({ voucher, onDone }: { voucher: VoucherEditorView | null; onDone: (saved: VoucherEditorView | null) => void }) {
  const { t } = useTranslation(['backoffice-sales', 'backoffice-catalogue']);
  const languages = useQuery(shopLanguagesQuery());
  const { notice, outcome } = useRecordOutcome(onDone);
  const { register, handleSubmit, control, formState } = useForm<Input, unknown, Output>({
    resolver: zodResolver(voucherEditorSchema),
    defaultValues: voucher
      ? {
          slug: voucher.slug,
          state: voucher.state,
          sort: voucher.sort,
          image: voucher.image,
          min_quantity: voucher.min_quantity,
          max_quantity: voucher.max_quantity,
          validity_days: voucher.validity_days,
          texts: voucher.texts,
          values: voucher.values,
          category_ids: voucher.category_ids,
        }
      : { slug: '', state: 'DRAFT', min_quantity: 1, max_quantity: 10, validity_days: 365, texts: {}, values: [], category_ids: [] },
  });
  const values = useFieldArray({ control, name: 'values', keyName: 'key' });

  const save = useSaveVoucher(voucher, outcome);
  const error = formProblems(t, formState.errors, refusalFields(save.error, 'voucher'));

  return (
    <RecordForm
      heading={voucher ? t('editNamed', { name: voucher.slug }) : t('vouchers.new')}
      wide
      notice={notice}
      saving={save.isPending}
      onSubmit={handleSubmit((body) => save.mutate(body))}
      onCancel={() => onDone(null)}
    >
      <SlugAndState register={register} error={error} />
      <StackedField label={t('vouchers.minQuantity')} error={error('min_quantity')}>
        {(props) => <input {...props} type="number" min={0} step={1} {...register('min_quantity', { valueAsNumber: true })} />}
      </StackedField>
      <StackedField label={t('vouchers.maxQuantity')} error={error('max_quantity')}>
        {(props) => <input {...props} type="number" min={0} step={1} {...register('max_quantity', { valueAsNumber: true })} />}
      </StackedField>
      <StackedField label={t('validityDays')} hint={t('vouchers.validityHint')} error={error('validity_days')}>
        {(props) => <input {...props} type="number" min={1} step={1} {...register('validity_days', { setValueAs: optionalNumber })} />}
      </StackedField>
      <fieldset className="bo-fieldset">
        <legend>{t('vouchers.values')}</legend>
        {error('values') ? <p className="bo-field-error">{error('values')}</p> : null}
        {values.fields.map((row, index) => (
          <fieldset key={row.key} className="bo-fieldset">
            <legend>{t('vouchers.valueNumber', { number: index + 1 })}</legend>
            <StackedField label={t('vouchers.price')} error={error(`values.${index}.price`)}>
              {(props) => <input {...props} type="number" step="0.01" inputMode="decimal" {...register(`values.${index}.price`, { valueAsNumber: true })} />}
            </StackedField>
            <StackedField label={t('vouchers.stock')} hint={t('emptyUnlimited')} error={error(`values.${index}.availability`)}>
              {(props) => <input {...props} type="number" min={0} step={1} {...register(`values.${index}.availability`, { setValueAs: optionalNumber })} />}
            </StackedField>
            {languages.data ? (
              <TranslationsFields
                name={`values.${index}.texts`}
                shop={languages.data}
                fields={[{ key: 'name', required: true, label: t('vouchers.valueName') }]}
                register={register}
                errorAt={error}
              />
            ) : null}
            <button type="button" className="bo-button" onClick={() => values.remove(index)}>
              {t('removeNamed', { name: t('vouchers.valueNumber', { number: index + 1 }) })}
            </button>
          </fieldset>
        ))}
        <button type="button" className="bo-button" onClick={() => values.append({ id: null, price: 0, availability: null, texts: {} })}>
          {t('vouchers.addValue')}
        </button>
      </fieldset>
      <CategoriesAndTexts control={control} register={register} error={error} />
    </RecordForm>
  );
}
