/**
 * The shop's own settings (owner only): name in every language, logo, theme colour (refused when no
 * text reads on it), currency, timezone, languages, the shopping cart, business customers, rebooking,
 * hold minutes, security. The form validates with the API's own schema; a stale save is refused.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useState, type ChangeEvent } from 'react';
import { useForm, useWatch, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import {
  organisationSettingsSchema,
  themeColourReadable,
  type OrganisationSettingsInput,
  type OrganisationSettingsView,
} from '#domain/backoffice/settings-editor.ts';
import { LANGUAGES, type Language } from '#domain/languages.ts';
import { uploadImage } from '../../api/images.ts';
import { organisationSettingsQuery, useSaveOrganisationSettings } from '../../api/organisation-settings.ts';
import { errorText } from '../../../lib/error-message.ts';
import { PageHeading } from '../../page-heading.tsx';
import { InlineField, StackedField } from '../../../components/field-parts.tsx';
import { formProblems, refusalFields } from '../../ui/form-problems.ts';
import { Notice, type NoticeValue } from '../../ui/notice.tsx';
import { onlyLanguages, TranslationFields } from '../../ui/translation-fields.tsx';

type FormInput = z.input<typeof organisationSettingsSchema>;

export default function OrganisationSettingsPage() {
  const { t } = useTranslation(['backoffice-settings', 'backoffice']);
  const settings = useQuery(organisationSettingsQuery());
  // Kept here: a save re-mounts the form with the saved version, the outcome stays announced.
  const [notice, setNotice] = useState<NoticeValue>(null);
  return (
    <>
      <PageHeading title={t('organisation.heading')}>{t('organisation.heading')}</PageHeading>
      <Notice notice={notice} />
      {settings.error ? <p role="alert">{errorText(t, settings.error)}</p> : null}
      {settings.isPending ? <p>{t('loading')}</p> : null}
      {settings.data ? <SettingsForm key={settings.data.version} current={settings.data} setNotice={setNotice} /> : null}
    </>
  );
}

function SettingsForm({ current, setNotice }: { current: OrganisationSettingsView; setNotice: (notice: NoticeValue) => void }) {
  const { t } = useTranslation(['backoffice-settings', 'backoffice']);
  const { version: _version, ...values } = current;
  const form = useForm<FormInput, unknown, OrganisationSettingsInput>({
    resolver: zodResolver(organisationSettingsSchema),
    defaultValues: { ...values, theme_colour: `#${values.theme_colour}` },
  });
  const save = useSaveOrganisationSettings(current.version, {
    onSuccess: () => {
      setNotice({ kind: 'ok', text: t('saved') });
    },
    onError: (error) => setNotice({ kind: 'error', text: errorText(t, error) }),
  });
  const problem = formProblems(t, form.formState.errors, refusalFields(save.error));
  const register = (path: string) => form.register(path as Path<FormInput>);
  const control = form.control;
  const languages = (useWatch({ control, name: 'languages' }) ?? []) as Language[];
  const defaultLanguage = useWatch({ control, name: 'default_language' }) as Language;
  const colour = useWatch({ control, name: 'theme_colour' }) ?? '';
  const logo = useWatch({ control, name: 'logo' });

  async function uploadLogo(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    if (!file) return;
    let stored: { url: string };
    try {
      stored = await uploadImage(file);
    } catch (error) {
      setNotice({ kind: 'error', text: errorText(t, error) });
      return;
    }
    form.setValue('logo', stored.url, { shouldDirty: true });
    setNotice({ kind: 'ok', text: t('organisation.logoUploaded') });
  }

  return (
    <form
      className="bo-form bo-form--wide"
      onSubmit={form.handleSubmit((input) => save.mutate({ ...input, texts: onlyLanguages(input.texts, input.languages) }))}
      noValidate
    >
      <TranslationFields
        legend={t('organisation.name')}
        shop={{ languages: languages.length ? languages : [defaultLanguage], default_language: defaultLanguage }}
        field="name"
        control={register}
        problem={problem}
      />
      <StackedField label={t('organisation.logo')} hint={logo ? t('organisation.logoNow', { url: logo }) : t('organisation.noLogo')}>
        {(aria) => <input {...aria} type="file" accept="image/jpeg,image/png,image/webp" onChange={(event) => void uploadLogo(event)} />}
      </StackedField>
      <StackedField
        label={t('organisation.themeColour')}
        hint={themeColourReadable(colour.replace(/^#/, '')) ? t('organisation.colourReadable') : t('organisation.colourUnreadable')}
        error={problem('theme_colour')}
      >
        {(aria) => <input {...aria} {...register('theme_colour')} type="color" />}
      </StackedField>
      <StackedField label={t('organisation.currency')} hint={t('organisation.currencyHint')} error={problem('currency')}>
        {(aria) => <input {...aria} {...register('currency')} maxLength={3} autoComplete="off" />}
      </StackedField>
      <StackedField label={t('organisation.timezone')} hint={t('organisation.timezoneHint')} error={problem('timezone')}>
        {(aria) => <input {...aria} {...register('timezone')} autoComplete="off" />}
      </StackedField>
      <fieldset className="bo-fieldset">
        <legend>{t('organisation.languages')}</legend>
        {LANGUAGES.map((language) => (
          <InlineField key={language} label={t(`backoffice:language.names.${language}`)}>
            {(aria) => <input {...aria} type="checkbox" value={language} {...register('languages')} />}
          </InlineField>
        ))}
        {problem('languages') ? <p className="bo-field-error">{problem('languages')}</p> : null}
      </fieldset>
      <StackedField label={t('organisation.defaultLanguage')} error={problem('default_language')}>
        {(aria) => (
          <select {...aria} {...register('default_language')}>
            {LANGUAGES.map((language) => (
              <option key={language} value={language}>
                {t(`backoffice:language.names.${language}`)}
              </option>
            ))}
          </select>
        )}
      </StackedField>
      <InlineField label={t('organisation.allowShoppingCart')}>
        {(aria) => <input {...aria} type="checkbox" {...register('allow_shopping_cart')} />}
      </InlineField>
      <InlineField label={t('organisation.allowBusiness')}>{(aria) => <input {...aria} type="checkbox" {...register('allow_business')} />}</InlineField>
      <InlineField label={t('organisation.rebooking')}>{(aria) => <input {...aria} type="checkbox" {...register('rebooking_allowed')} />}</InlineField>
      <StackedField label={t('organisation.holdMinutes')} error={problem('hold_minutes')}>
        {(aria) => <input {...aria} type="number" min={1} {...form.register('hold_minutes', { valueAsNumber: true })} />}
      </StackedField>
      <StackedField label={t('organisation.waitlistHoldMinutes')} error={problem('waitlist_hold_minutes')}>
        {(aria) => <input {...aria} type="number" min={1} {...form.register('waitlist_hold_minutes', { valueAsNumber: true })} />}
      </StackedField>
      <InlineField label={t('organisation.security')} hint={t('organisation.securityHint')}>
        {(aria) => <input {...aria} type="checkbox" {...register('security_enabled')} />}
      </InlineField>
      <StackedField label={t('organisation.captchaKey')} error={problem('captcha_site_key')}>
        {(aria) => <input {...aria} {...form.register('captcha_site_key', { setValueAs: (value: string) => (value ? value : null) })} autoComplete="off" />}
      </StackedField>
      <StackedField label={t('organisation.notificationEmail')} error={problem('notification_email')}>
        {(aria) => <input {...aria} type="email" {...form.register('notification_email', { setValueAs: (value: string) => (value ? value : null) })} />}
      </StackedField>
      <button type="submit" className="bo-button bo-button--primary" disabled={save.isPending}>
        {t('save')}
      </button>
    </form>
  );
}
