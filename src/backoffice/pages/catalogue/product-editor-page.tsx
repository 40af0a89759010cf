/**
 * The product editor (issue 20 item 3): /catalogue/products/new creates, /catalogue/products/:id edits
 * a product with every field the API takes — texts per organisation language, slug, categories, price
 * and capacity types, audiences with their prices and limits, quantities, upsells (incl. donations, a
 * new one can be made here), cross-sells, image upload, state and visibility. The form validates with
 * the domain's productEditorSchema; the server's refusals show at their fields, a stale edit (409
 * CATALOGUE_STALE_EDIT) offers to reload the product as it now is.
 */
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useFieldArray, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router-dom';
import type { z } from 'zod';
import { checkTranslations, productEditorSchema } from '#domain/backoffice/catalogue-editor.ts';
import { capacityTypeSchema, priceTypeSchema } from '#domain/contracts/catalogue.schema.ts';
import { normaliseLanguage, translate, type Language, type Translations } from '#domain/languages.ts';
import { ApiError, isApiError } from '../../../lib/api-client.ts';
import { audiencesQuery } from '../../api/audiences.ts';
import { categoriesQuery } from '../../api/categories.ts';
import { shopLanguagesQuery } from '../../api/languages.ts';
import { productQuery, productsQuery, useSaveProduct, type ProductView } from '../../api/products.ts';
import { upsellsQuery, useSaveUpsell } from '../../api/upsells.ts';
import { errorText } from '../../../lib/error-message.ts';
import { PageHeading } from '../../page-heading.tsx';
import { ImageField } from '../../ui/image-field.tsx';
import { compactTexts, ruleResolver, showServerFields } from '../../ui/editor-form.ts';
import { formProblems } from '../../ui/form-problems.ts';
import { InlineField, StackedField } from '../../../components/field-parts.tsx';
import { SlugField, SortField, StateField } from '../../ui/catalogue-fields.tsx';
import { Notice, type NoticeValue } from '../../ui/notice.tsx';
import { TranslationsFields } from '../../ui/translations-fields.tsx';

type ProductForm = z.input<typeof productEditorSchema>;
interface Named {
  id: number;
  texts: Translations<{ title: string; name: string }>;
}

const EMPTY: ProductForm = {
  slug: '',
  state: 'DRAFT',
  visible: true,
  sort: 0,
  image: null,
  price_type: 'FIXED',
  capacity_type: 'LIMITED',
  price: 0,
  has_days: false,
  has_timeslots: false,
  show_end_time: false,
  show_availability: true,
  min_quantity: 1,
  max_quantity: 20,
  allow_reservations: false,
  texts: {},
  audiences: [],
  upsell_ids: [],
  cross_sell_ids: [],
  category_ids: [],
};

function formOf(view: ProductView): ProductForm {
  const { id: _id, version: _version, ...rest } = view;
  return rest;
}

const number = { valueAsNumber: true } as const;
type IdList = 'category_ids' | 'upsell_ids' | 'cross_sell_ids';

export default function ProductEditorPage() {
  const { t, i18n } = useTranslation(['backoffice-catalogue', 'backoffice']);
  const { id: idParam } = useParams();
  const productId = idParam && idParam !== 'new' ? Number(idParam) : null;
  const navigate = useNavigate();
  const reader: Language = normaliseLanguage(i18n.language) ?? 'en';
  const [notice, setNotice] = useState<NoticeValue>(null);
  const [stale, setStale] = useState(false);

  const languages = useQuery(shopLanguagesQuery());
  const audiences = useQuery(audiencesQuery());
  const upsells = useQuery(upsellsQuery());
  const products = useQuery(productsQuery());
  const categories = useQuery(categoriesQuery());
  const product = useQuery(productQuery(productId));

  const form = useForm<ProductForm, unknown, z.output<typeof productEditorSchema>>({ resolver: ruleResolver(productEditorSchema), defaultValues: EMPTY });
  const { register, handleSubmit, reset, setError, setValue, control, formState } = form;
  const [image, priceType, chosenAudiences, ...lists] = useWatch({
    control,
    name: ['image', 'price_type', 'audiences', 'category_ids', 'upsell_ids', 'cross_sell_ids'],
  });
  const chosenIds: Record<IdList, number[]> = {
    category_ids: (lists[0] ?? []).map(Number),
    upsell_ids: (lists[1] ?? []).map(Number),
    cross_sell_ids: (lists[2] ?? []).map(Number),
  };
  const audienceRows = useFieldArray({ control, name: 'audiences' });

  useEffect(() => {
    if (!product.data) return;
    reset(formOf(product.data));
  }, [product.data, reset]);
  const version = product.data?.version ?? null;

  const fallback = languages.data?.default_language ?? 'en';
  const nameOf = (row: Named, fallbackText: string) => {
    const texts = translate(row.texts, reader, fallback);
    return texts.title ?? texts.name ?? fallbackText;
  };
  /** A checkbox for one id of an id list (categories, upsells, cross-sells): the form keeps numbers. */
  const idCheck = (list: IdList, id: number) => (props: { id: string }) => {
    const chosen = chosenIds[list];
    return (
      <input
        {...props}
        type="checkbox"
        checked={chosen.includes(id)}
        onChange={(event) => setValue(list, event.target.checked ? [...chosen, id] : chosen.filter((other) => other !== id), { shouldDirty: true })}
      />
    );
  };
  const ruleText = formProblems(t, formState.errors);

  const save = useSaveProduct(productId, version, {
    onSuccess: (saved) => {
      setStale(false);
      setNotice({ kind: 'ok', text: t('editor.saved') });
      if (productId === null) void navigate(`/catalogue/products/${saved.id}`, { replace: true });
    },
    onError: (error) => {
      if (isApiError(error) && error.code === 'CATALOGUE_STALE_EDIT') setStale(true);
      showServerFields(error, setError);
      setNotice({ kind: 'error', text: errorText(t, error) });
    },
  });

  const addUpsell = useSaveUpsell(null, {
    onSuccess: (created) => {
      setValue('upsell_ids', [...(form.getValues('upsell_ids') ?? []).map(Number), created.id], { shouldDirty: true });
      setNotice({ kind: 'ok', text: t('editor.upsellAdded') });
    },
    onError: (error) => setNotice({ kind: 'error', text: errorText(t, error) }),
  });

  const onSubmit = handleSubmit((values) => {
    const shop = languages.data;
    if (shop) {
      const missing = checkTranslations(values.texts as Record<Language, Record<string, string>>, shop.languages, shop.default_language, 'title');
      if (Object.keys(missing).length > 0) {
        showServerFields(new ApiError('VALIDATION_FAILED', 400, '', null, missing), setError);
        return;
      }
    }
    setNotice(null);
    save.mutate({ ...values, texts: compactTexts(values.texts) });
  });

  const reload = async () => {
    const fresh = await product.refetch();
    if (fresh.data) reset(formOf(fresh.data));
    setStale(false);
    setNotice({ kind: 'ok', text: t('editor.reloaded') });
  };

  const loading = languages.isPending || (productId !== null && product.isPending);
  const heading =
    productId === null ? t('editor.newHeading') : t('editor.editHeading', { name: product.data ? nameOf(product.data as Named, product.data.slug) : '' });
  const [newUpsell, setNewUpsell] = useState({ title: '', price: '', donation: false });

  return (
    <>
      <PageHeading title={heading}>{heading}</PageHeading>
      <p>
        <Link to="/catalogue/products">{t('editor.back')}</Link>
        {productId !== null ? (
          <>
            {' · '}
            <Link to={`/schedules/${productId}`}>{t('editor.schedule')}</Link>
          </>
        ) : null}
      </p>
      {product.isError ? <p role="alert">{errorText(t, product.error)}</p> : null}
      {loading ? <p role="status">{t('editor.loading')}</p> : null}
      {!loading && languages.data ? (
        <form className="bo-form bo-editor" noValidate onSubmit={(event) => void onSubmit(event)}>
          <fieldset className="bo-fieldset">
            <legend>{t('editor.texts')}</legend>
            <TranslationsFields
              shop={languages.data}
              register={register}
              errorAt={ruleText}
              fields={[
                { key: 'title', label: t('editor.title'), required: true },
                { key: 'label', label: t('editor.label') },
                { key: 'description', label: t('editor.description'), multiline: true },
              ]}
            />
          </fieldset>

          <fieldset className="bo-fieldset">
            <legend>{t('editor.basics')}</legend>
            <SlugField register={register} label={t('editor.slug')} hint={t('editor.slugHint')} error={ruleText('slug')} />
            <StateField register={register} label={t('editor.state')} error={ruleText('state')} />
            <InlineField label={t('editor.visible')} hint={t('editor.visibleHint')}>
              {(props) => <input {...props} type="checkbox" {...register('visible')} />}
            </InlineField>
            <SortField register={register} label={t('editor.sort')} error={ruleText('sort')} />
            <fieldset className="bo-fieldset">
              <legend>{t('editor.categories')}</legend>
              {(categories.data ?? []).length === 0 ? <p>{t('editor.none')}</p> : null}
              {(categories.data ?? []).map((category) => (
                <InlineField key={category.id} label={nameOf(category, category.slug)}>
                  {idCheck('category_ids', category.id)}
                </InlineField>
              ))}
              {ruleText('category_ids') ? <p className="bo-field-error">{ruleText('category_ids')}</p> : null}
            </fieldset>
          </fieldset>

          <ImageField
            value={image}
            onChange={(url) => setValue('image', url, { shouldDirty: true })}
            onProblem={(text) => setNotice({ kind: 'error', text })}
          />

          <fieldset className="bo-fieldset">
            <legend>{t('editor.selling')}</legend>
            <StackedField label={t('editor.priceType')} error={ruleText('price_type')}>
              {(props) => (
                <select {...props} {...register('price_type')}>
                  {priceTypeSchema.options.map((type) => (
                    <option key={type} value={type}>
                      {t(`priceTypes.${type}`)}
                    </option>
                  ))}
                </select>
              )}
            </StackedField>
            <StackedField label={t('editor.price')} error={ruleText('price')}>
              {(props) => <input {...props} type="number" min={0} step={0.01} inputMode="decimal" {...register('price', number)} />}
            </StackedField>
            <StackedField label={t('editor.minQuantity')} error={ruleText('min_quantity')}>
              {(props) => <input {...props} type="number" min={0} step={1} {...register('min_quantity', number)} />}
            </StackedField>
            <StackedField label={t('editor.maxQuantity')} error={ruleText('max_quantity')}>
              {(props) => <input {...props} type="number" min={0} step={1} {...register('max_quantity', number)} />}
            </StackedField>
            <StackedField label={t('editor.capacityType')} error={ruleText('capacity_type')}>
              {(props) => (
                <select {...props} {...register('capacity_type')}>
                  {capacityTypeSchema.options.map((type) => (
                    <option key={type} value={type}>
                      {t(`capacityTypes.${type}`)}
                    </option>
                  ))}
                </select>
              )}
            </StackedField>
            <InlineField label={t('editor.hasDays')} hint={t('editor.hasDaysHint')}>
              {(props) => <input {...props} type="checkbox" {...register('has_days')} />}
            </InlineField>
            <InlineField label={t('editor.hasTimeslots')}>{(props) => <input {...props} type="checkbox" {...register('has_timeslots')} />}</InlineField>
            <InlineField label={t('editor.showEndTime')}>{(props) => <input {...props} type="checkbox" {...register('show_end_time')} />}</InlineField>
            <InlineField label={t('editor.showAvailability')}>{(props) => <input {...props} type="checkbox" {...register('show_availability')} />}</InlineField>
            <InlineField label={t('editor.allowReservations')}>
              {(props) => <input {...props} type="checkbox" {...register('allow_reservations')} />}
            </InlineField>
          </fieldset>

          <fieldset className="bo-fieldset">
            <legend>{t('editor.audiences')}</legend>
            {priceType === 'AUDIENCE' ? <p className="bo-hint">{t('editor.audiencesHint')}</p> : null}
            {ruleText('audiences') ? <p className="bo-field-error">{ruleText('audiences')}</p> : null}
            {audienceRows.fields.map((row, index) => (
              <fieldset key={row.id} className="bo-fieldset bo-row">
                <legend>{t('editor.audienceNumber', { number: index + 1 })}</legend>
                <StackedField label={t('editor.audience')} error={ruleText(`audiences.${index}.audience_id`)}>
                  {(props) => (
                    <select {...props} {...register(`audiences.${index}.audience_id`, number)}>
                      {(audiences.data ?? []).map((audience) => (
                        <option key={audience.id} value={audience.id}>
                          {nameOf(audience, String(audience.id))}
                        </option>
                      ))}
                    </select>
                  )}
                </StackedField>
                <StackedField label={t('editor.price')} error={ruleText(`audiences.${index}.price`)}>
                  {(props) => <input {...props} type="number" min={0} step={0.01} inputMode="decimal" {...register(`audiences.${index}.price`, number)} />}
                </StackedField>
                <StackedField label={t('editor.minQuantity')} error={ruleText(`audiences.${index}.min_quantity`)}>
                  {(props) => <input {...props} type="number" min={0} step={1} {...register(`audiences.${index}.min_quantity`, number)} />}
                </StackedField>
                <StackedField label={t('editor.maxQuantity')} error={ruleText(`audiences.${index}.max_quantity`)}>
                  {(props) => <input {...props} type="number" min={0} step={1} {...register(`audiences.${index}.max_quantity`, number)} />}
                </StackedField>
                <InlineField label={t('editor.fixed')}>
                  {(props) => <input {...props} type="checkbox" {...register(`audiences.${index}.fixed_quantity`)} />}
                </InlineField>
                <InlineField label={t('editor.dependant')} hint={t('editor.dependantHint')}>
                  {(props) => <input {...props} type="checkbox" {...register(`audiences.${index}.dependant`)} />}
                </InlineField>
                <InlineField label={t('editor.hidden')}>
                  {(props) => <input {...props} type="checkbox" {...register(`audiences.${index}.hidden`)} />}
                </InlineField>
                <button type="button" className="bo-button" onClick={() => audienceRows.remove(index)}>
                  {t('editor.removeAudience', { number: index + 1 })}
                </button>
              </fieldset>
            ))}
            <button
              type="button"
              className="bo-button"
              disabled={(audiences.data ?? []).length === 0}
              onClick={() =>
                audienceRows.append({
                  audience_id:
                    audiences.data?.find((a) => !chosenAudiences?.some((row) => Number(row.audience_id) === a.id))?.id ?? audiences.data?.[0]?.id ?? 0,
                  price: 0,
                  min_quantity: 0,
                  max_quantity: 20,
                  fixed_quantity: false,
                  dependant: false,
                  hidden: false,
                })
              }
            >
              {t('editor.addAudience')}
            </button>
            {(audiences.data ?? []).length === 0 ? (
              <p className="bo-hint">
                <Link to="/catalogue/audiences">{t('editor.noAudiences')}</Link>
              </p>
            ) : null}
          </fieldset>

          <fieldset className="bo-fieldset">
            <legend>{t('editor.upsells')}</legend>
            {(upsells.data ?? []).map((upsell) => (
              <InlineField
                key={upsell.id}
                label={`${nameOf(upsell, String(upsell.id))}${upsell.upsell_type === 'DONATION' ? ` (${t('editor.donation')})` : ''}`}
              >
                {idCheck('upsell_ids', upsell.id)}
              </InlineField>
            ))}
            {ruleText('upsell_ids') ? <p className="bo-field-error">{ruleText('upsell_ids')}</p> : null}
            <fieldset className="bo-fieldset">
              <legend>{t('editor.newUpsell')}</legend>
              <StackedField label={t('editor.newUpsellTitle', { language: t(`backoffice:language.names.${fallback}`) })}>
                {(props) => (
                  <input {...props} type="text" value={newUpsell.title} onChange={(event) => setNewUpsell({ ...newUpsell, title: event.target.value })} />
                )}
              </StackedField>
              <StackedField label={t('editor.newUpsellPrice')}>
                {(props) => (
                  <input
                    {...props}
                    type="number"
                    min={0}
                    step={0.01}
                    inputMode="decimal"
                    value={newUpsell.price}
                    onChange={(event) => setNewUpsell({ ...newUpsell, price: event.target.value })}
                  />
                )}
              </StackedField>
              <InlineField label={t('editor.donation')}>
                {(props) => (
                  <input
                    {...props}
                    type="checkbox"
                    checked={newUpsell.donation}
                    onChange={(event) => setNewUpsell({ ...newUpsell, donation: event.target.checked })}
                  />
                )}
              </InlineField>
              <button
                type="button"
                className="bo-button"
                disabled={addUpsell.isPending || newUpsell.title.trim() === ''}
                onClick={() => {
                  addUpsell.mutate({
                    upsell_type: newUpsell.donation ? 'DONATION' : 'STANDARD',
                    price: Number(newUpsell.price || 0),
                    texts: { [fallback]: { title: newUpsell.title } },
                  });
                  setNewUpsell({ title: '', price: '', donation: false });
                }}
              >
                {t('editor.addUpsell')}
              </button>
            </fieldset>
          </fieldset>

          <fieldset className="bo-fieldset">
            <legend>{t('editor.crossSells')}</legend>
            {(products.data ?? [])
              .filter((row) => row.id !== productId)
              .map((row) => (
                <InlineField key={row.id} label={nameOf(row, row.slug)}>
                  {idCheck('cross_sell_ids', row.id)}
                </InlineField>
              ))}
            {ruleText('cross_sell_ids') ? <p className="bo-field-error">{ruleText('cross_sell_ids')}</p> : null}
          </fieldset>

          <Notice notice={notice} />
          {stale ? (
            <div className="bo-alert" role="group" aria-label={t('editor.staleTitle')}>
              <p>{t('editor.stale')}</p>
              <button type="button" className="bo-button" onClick={() => void reload()}>
                {t('editor.reload')}
              </button>
            </div>
          ) : null}
          <button type="submit" className="bo-button bo-button--primary" disabled={save.isPending}>
            {productId === null ? t('editor.create') : t('editor.save')}
          </button>
        </form>
      ) : null}
    </>
  );
}
