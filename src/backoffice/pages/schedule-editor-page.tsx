/**
 * A product's schedule editor (issue 20 item 4), /schedules/:productId: seasons (from/until) with weekly
 * patterns (weekdays, start–end or all day, slot length, every n weeks, capacity and order limit),
 * closed days, one-off extra slots and the horizon. Saving (PUT …/schedule, validated with the domain's
 * scheduleSchema) regenerates the slots and tells what changed; booked slots are kept by the server.
 */
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useFieldArray, useForm, useWatch, type Control, type UseFormRegister, type UseFormSetValue } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import type { z } from 'zod';
import { DEFAULT_HORIZON_DAYS, scheduleSchema, type ScheduleInput } from '#domain/schedule/schedule-rules.ts';
import { scheduleQuery, useSaveSchedule } from '../api/schedules.ts';
import { errorText } from '../../lib/error-message.ts';
import { PageHeading } from '../page-heading.tsx';
import { ruleResolver, showServerFields } from '../ui/editor-form.ts';
import { formProblems } from '../ui/form-problems.ts';
import { InlineField, StackedField } from '../../components/field-parts.tsx';
import { Notice, type NoticeValue } from '../ui/notice.tsx';
import { useProductNames } from '../ui/use-product-names.ts';
import { useShopFormatting } from '../ui/use-shop-formatting.ts';

const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;
const optionalNumber = { setValueAs: (value: unknown) => (value === '' || value === null || value === undefined ? null : Number(value)) };
const optionalText = { setValueAs: (value: unknown) => (value === '' || value === undefined ? null : value) };
const today = () => new Date().toISOString().slice(0, 10);

/**
 * The form shows prices as amounts (18.50) in the `priceCents` fields; the schedule holds cents. These two
 * convert a whole schedule one way or the other (the resolver validates the cents, as the server does).
 */
type Priced = { priceCents: number | null };
function mapPrices(schedule: ScheduleInput, convert: (value: number) => number): ScheduleInput {
  const price = <T extends Priced>(item: T): T => ({
    ...item,
    priceCents: item.priceCents === null || Number.isNaN(item.priceCents) ? null : convert(item.priceCents),
  });
  return {
    ...schedule,
    seasons: schedule.seasons.map((season) => ({ ...season, patterns: season.patterns.map(price) })),
    extraSlots: (schedule.extraSlots ?? []).map(price),
  };
}
const toAmounts = (schedule: ScheduleInput) => mapPrices(schedule, (cents) => cents / 100);
const toCents = (schedule: ScheduleInput) => mapPrices(schedule, (amount) => Math.round(amount * 100));
const centsResolver = ruleResolver(scheduleSchema);
const resolver: typeof centsResolver = (values, context, options) => centsResolver(toCents(values), context, options);

const newPattern = (): ScheduleInput['seasons'][number]['patterns'][number] => ({
  weekdays: [1, 2, 3, 4, 5],
  everyWeeks: 1,
  allDay: false,
  start: '09:00',
  end: '17:00',
  slotMinutes: 60,
  capacity: 50,
  maxOrders: null,
  priceCents: null,
  audiencePrices: [],
});

interface Parts {
  control: Control<ScheduleInput, unknown, z.output<typeof scheduleSchema>>;
  register: UseFormRegister<ScheduleInput>;
  setValue: UseFormSetValue<ScheduleInput>;
  ruleText: (path: string) => string | undefined;
}

function Patterns({ season, control, register, setValue, ruleText }: Parts & { season: number }) {
  const { t } = useTranslation('backoffice-schedules');
  const patterns = useFieldArray({ control, name: `seasons.${season}.patterns` });
  const patternValues = useWatch({ control, name: `seasons.${season}.patterns` });
  return (
    <>
      {patterns.fields.map((row, index) => {
        const base = `seasons.${season}.patterns.${index}` as const;
        const pattern = patternValues?.[index];
        const weekdays = (pattern?.weekdays ?? []).map(Number);
        const allDay = pattern?.allDay ?? false;
        return (
          <fieldset key={row.id} className="bo-fieldset">
            <legend>{t('editor.pattern', { number: index + 1 })}</legend>
            <fieldset className="bo-fieldset bo-weekdays">
              <legend>{t('editor.weekdays')}</legend>
              {WEEKDAYS.map((day) => (
                <InlineField key={day} label={t(`editor.days.${day}`)}>
                  {(props) => (
                    <input
                      {...props}
                      type="checkbox"
                      checked={weekdays.includes(day)}
                      onChange={(event) =>
                        setValue(`${base}.weekdays`, event.target.checked ? [...weekdays, day].sort() : weekdays.filter((other) => other !== day), {
                          shouldDirty: true,
                        })
                      }
                    />
                  )}
                </InlineField>
              ))}
              {ruleText(`${base}.weekdays`) ? <p className="bo-field-error">{ruleText(`${base}.weekdays`)}</p> : null}
            </fieldset>
            <StackedField label={t('editor.everyWeeks')} error={ruleText(`${base}.everyWeeks`)}>
              {(props) => <input {...props} type="number" min={1} max={52} {...register(`${base}.everyWeeks`, { valueAsNumber: true })} />}
            </StackedField>
            <InlineField label={t('editor.allDay')}>{(props) => <input {...props} type="checkbox" {...register(`${base}.allDay`)} />}</InlineField>
            {allDay ? null : (
              <>
                <StackedField label={t('editor.start')} error={ruleText(`${base}.start`)}>
                  {(props) => <input {...props} type="time" {...register(`${base}.start`, optionalText)} />}
                </StackedField>
                <StackedField label={t('editor.end')} error={ruleText(`${base}.end`)}>
                  {(props) => <input {...props} type="time" {...register(`${base}.end`, optionalText)} />}
                </StackedField>
                <StackedField label={t('editor.slotMinutes')} hint={t('editor.slotMinutesHint')} error={ruleText(`${base}.slotMinutes`)}>
                  {(props) => <input {...props} type="number" min={5} step={5} {...register(`${base}.slotMinutes`, optionalNumber)} />}
                </StackedField>
              </>
            )}
            <StackedField label={t('editor.capacity')} hint={t('editor.emptyUnlimited')} error={ruleText(`${base}.capacity`)}>
              {(props) => <input {...props} type="number" min={0} {...register(`${base}.capacity`, optionalNumber)} />}
            </StackedField>
            <StackedField label={t('editor.maxOrders')} hint={t('editor.emptyUnlimited')} error={ruleText(`${base}.maxOrders`)}>
              {(props) => <input {...props} type="number" min={1} {...register(`${base}.maxOrders`, optionalNumber)} />}
            </StackedField>
            <StackedField label={t('editor.price')} hint={t('editor.emptyProductPrice')} error={ruleText(`${base}.priceCents`)}>
              {(props) => <input {...props} type="number" min={0} step={0.01} inputMode="decimal" {...register(`${base}.priceCents`, optionalNumber)} />}
            </StackedField>
            <button type="button" className="bo-button" onClick={() => patterns.remove(index)}>
              {t('editor.removePattern', { number: index + 1 })}
            </button>
          </fieldset>
        );
      })}
      <button type="button" className="bo-button" onClick={() => patterns.append(newPattern())}>
        {t('editor.addPattern')}
      </button>
    </>
  );
}

export default function ScheduleEditorPage() {
  const { t } = useTranslation(['backoffice-schedules', 'backoffice-catalogue', 'backoffice']);
  const productId = Number(useParams().productId);
  const [notice, setNotice] = useState<NoticeValue>(null);
  const [closedDay, setClosedDay] = useState('');

  const answer = useQuery(scheduleQuery(productId));
  const form = useForm<ScheduleInput, unknown, z.output<typeof scheduleSchema>>({
    resolver,
    defaultValues: { horizonDays: DEFAULT_HORIZON_DAYS, seasons: [], closedDays: [], extraSlots: [] },
  });
  const { control, register, setValue, reset, handleSubmit, setError, formState } = form;
  const seasons = useFieldArray({ control, name: 'seasons' });
  const extras = useFieldArray({ control, name: 'extraSlots' });

  useEffect(() => {
    if (answer.data?.schedule) reset(toAmounts(answer.data.schedule));
  }, [answer.data, reset]);

  const ruleText = formProblems(t, formState.errors, {}, 'backoffice-catalogue:rules');

  const save = useSaveSchedule(productId, answer.data?.revision ?? 0, {
    onSuccess: (outcome) => {
      setNotice({
        kind: 'ok',
        text: t('editor.saved', { added: outcome.added, changed: outcome.changed, removed: outcome.removed, closed: outcome.closed.slots }),
      });
    },
    onError: (error) => {
      showServerFields(error, setError);
      setNotice({ kind: 'error', text: errorText(t, error) });
    },
  });

  const closedDays = useWatch({ control, name: 'closedDays' }) ?? [];
  const parts = { control, register, setValue, ruleText };
  const { nameOf } = useProductNames();
  const format = useShopFormatting();
  const heading = t('editor.heading', { name: nameOf(productId) });

  return (
    <>
      <PageHeading title={heading}>{heading}</PageHeading>
      <p>
        <Link to={`/catalogue/products/${productId}`}>{t('editor.backToProduct')}</Link>
        {' · '}
        <Link to="/slots">{t('title')}</Link>
      </p>
      {answer.isError ? <p role="alert">{errorText(t, answer.error)}</p> : null}
      {answer.isPending ? <p role="status">{t('backoffice:shell.loading')}</p> : null}
      {answer.data ? (
        <form className="bo-form bo-editor" noValidate onSubmit={(event) => void handleSubmit((values) => save.mutate(values))(event)}>
          <p>{answer.data.generatedUntil ? t('editor.generatedUntil', { date: format.day(answer.data.generatedUntil) }) : t('editor.notGenerated')}</p>
          <StackedField label={t('editor.horizon')} hint={t('editor.horizonHint')} error={ruleText('horizonDays')}>
            {(props) => <input {...props} type="number" min={1} {...register('horizonDays', { valueAsNumber: true })} />}
          </StackedField>

          {seasons.fields.map((row, index) => (
            <fieldset key={row.id} className="bo-fieldset">
              <legend>{t('editor.season', { number: index + 1 })}</legend>
              <StackedField label={t('editor.seasonName')} error={ruleText(`seasons.${index}.name`)}>
                {(props) => <input {...props} type="text" {...register(`seasons.${index}.name`)} />}
              </StackedField>
              <StackedField label={t('editor.from')} error={ruleText(`seasons.${index}.from`)}>
                {(props) => <input {...props} type="date" {...register(`seasons.${index}.from`)} />}
              </StackedField>
              <StackedField label={t('editor.until')} hint={t('editor.untilHint')} error={ruleText(`seasons.${index}.until`)}>
                {(props) => <input {...props} type="date" {...register(`seasons.${index}.until`, optionalText)} />}
              </StackedField>
              <Patterns season={index} {...parts} />
              <button type="button" className="bo-button" onClick={() => seasons.remove(index)}>
                {t('editor.removeSeason', { number: index + 1 })}
              </button>
            </fieldset>
          ))}
          <button type="button" className="bo-button" onClick={() => seasons.append({ name: '', from: today(), until: null, patterns: [newPattern()] })}>
            {t('editor.addSeason')}
          </button>

          <fieldset className="bo-fieldset">
            <legend>{t('editor.closedDays')}</legend>
            <ul>
              {closedDays.map((day) => (
                <li key={day}>
                  {format.day(day)}{' '}
                  <button
                    type="button"
                    className="bo-button"
                    onClick={() =>
                      setValue(
                        'closedDays',
                        closedDays.filter((other) => other !== day),
                        { shouldDirty: true },
                      )
                    }
                  >
                    {t('editor.removeClosedDay', { date: format.day(day) })}
                  </button>
                </li>
              ))}
            </ul>
            <StackedField label={t('editor.closedDay')}>
              {(props) => <input {...props} type="date" value={closedDay} onChange={(event) => setClosedDay(event.target.value)} />}
            </StackedField>
            <button
              type="button"
              className="bo-button"
              disabled={closedDay === '' || closedDays.includes(closedDay)}
              onClick={() => {
                setValue('closedDays', [...closedDays, closedDay].sort(), { shouldDirty: true });
                setClosedDay('');
              }}
            >
              {t('editor.addClosedDay')}
            </button>
          </fieldset>

          <fieldset className="bo-fieldset">
            <legend>{t('editor.extraSlots')}</legend>
            {extras.fields.map((row, index) => (
              <fieldset key={row.id} className="bo-fieldset">
                <legend>{t('editor.extraSlot', { number: index + 1 })}</legend>
                <StackedField label={t('editor.date')} error={ruleText(`extraSlots.${index}.date`)}>
                  {(props) => <input {...props} type="date" {...register(`extraSlots.${index}.date`)} />}
                </StackedField>
                <StackedField label={t('editor.start')} hint={t('editor.emptyAllDay')} error={ruleText(`extraSlots.${index}.start`)}>
                  {(props) => <input {...props} type="time" {...register(`extraSlots.${index}.start`, optionalText)} />}
                </StackedField>
                <StackedField label={t('editor.end')} error={ruleText(`extraSlots.${index}.end`)}>
                  {(props) => <input {...props} type="time" {...register(`extraSlots.${index}.end`, optionalText)} />}
                </StackedField>
                <StackedField label={t('editor.capacity')} hint={t('editor.emptyUnlimited')} error={ruleText(`extraSlots.${index}.capacity`)}>
                  {(props) => <input {...props} type="number" min={0} {...register(`extraSlots.${index}.capacity`, optionalNumber)} />}
                </StackedField>
                <StackedField label={t('editor.maxOrders')} hint={t('editor.emptyUnlimited')} error={ruleText(`extraSlots.${index}.maxOrders`)}>
                  {(props) => <input {...props} type="number" min={1} {...register(`extraSlots.${index}.maxOrders`, optionalNumber)} />}
                </StackedField>
                <StackedField label={t('editor.price')} hint={t('editor.emptyProductPrice')} error={ruleText(`extraSlots.${index}.priceCents`)}>
                  {(props) => (
                    <input {...props} type="number" min={0} step={0.01} inputMode="decimal" {...register(`extraSlots.${index}.priceCents`, optionalNumber)} />
                  )}
                </StackedField>
                <button type="button" className="bo-button" onClick={() => extras.remove(index)}>
                  {t('editor.removeExtraSlot', { number: index + 1 })}
                </button>
              </fieldset>
            ))}
            <button
              type="button"
              className="bo-button"
              onClick={() =>
                extras.append({ date: today(), start: '10:00', end: '11:00', capacity: 50, maxOrders: null, priceCents: null, audiencePrices: [] })
              }
            >
              {t('editor.addExtraSlot')}
            </button>
          </fieldset>

          <Notice notice={notice} />
          <button type="submit" className="bo-button bo-button--primary" disabled={save.isPending}>
            {t('editor.save')}
          </button>
        </form>
      ) : null}
    </>
  );
}
