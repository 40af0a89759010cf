/**
 * A catalogue image: a file input that checks type and size (src/domain/backoffice/catalogue-editor.ts) before
 * uploading to POST /catalogue/images, a preview of the stored image, and a remove button. The value is the
 * stored image's URL (or null); `onChange` sets it in the caller's form, `onProblem` reports a refusal.
 *
 *   <ImageField value={image} error={ruleText('image')} onChange={(url) => setValue('image', url, { shouldDirty: true })}
 *     onProblem={(text) => setNotice({ kind: 'error', text })} />
 */
import { useTranslation } from 'react-i18next';
import { IMAGE_TYPES, MAX_IMAGE_BYTES } from '#domain/backoffice/catalogue-editor.ts';
import { useUploadImage } from '../api/images.ts';
import { errorText } from '../../lib/error-message.ts';
import { StackedField } from '../../components/field-parts.tsx';

export function ImageField({
  value,
  error,
  onChange,
  onProblem,
}: {
  value: string | null | undefined;
  error?: string | undefined;
  onChange: (url: string | null) => void;
  onProblem: (text: string) => void;
}) {
  const { t } = useTranslation('backoffice-catalogue');
  const upload = useUploadImage({
    onSuccess: (stored) => onChange(stored.url),
    onError: (refusal) => onProblem(errorText(t, refusal)),
  });
  return (
    <fieldset className="bo-fieldset">
      <legend>{t('editor.image')}</legend>
      <StackedField label={t('editor.imageFile')} hint={t('editor.imageHint')} error={error}>
        {(props) => (
          <input
            {...props}
            type="file"
            accept={IMAGE_TYPES.join(',')}
            onChange={(event) => {
              const file = event.target.files?.[0];
              if (!file) return;
              if (file.size > MAX_IMAGE_BYTES) onProblem(t('errors.image_too_large'));
              else upload.mutate(file);
            }}
          />
        )}
      </StackedField>
      {upload.isPending ? <p role="status">{t('editor.uploading')}</p> : null}
      {value ? (
        <div className="bo-image-preview">
          <img src={value} alt={t('editor.imagePreview')} width={200} />
          <button type="button" className="bo-button" onClick={() => onChange(null)}>
            {t('editor.removeImage')}
          </button>
        </div>
      ) : null}
    </fieldset>
  );
}
