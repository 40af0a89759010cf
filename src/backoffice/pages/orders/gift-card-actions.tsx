/** A gift card's changes: adjust its credit by an amount with a reason, or void it (with a reason). */
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { giftCardAdjustBodySchema, giftCardVoidBodySchema, type DeskGiftCard } from '#domain/contracts/backoffice-orders.schema.ts';
import { useChangeGiftCard } from '../../api/gift-cards.ts';
import { ActionForm } from '../../ui/action-form.tsx';
import { Modal } from '../../../components/modal.tsx';
import { StackedField } from '../../../components/field-parts.tsx';
import type { NoticeValue } from '../../ui/notice.tsx';
import { useShopFormatting } from '../../ui/use-shop-formatting.ts';

type Done = (text: string) => void;

export function GiftCardActions({ card, onNotice }: { card: DeskGiftCard; onNotice: (notice: NoticeValue) => void }) {
  const { t } = useTranslation(['backoffice-orders', 'backoffice']);
  const [open, setOpen] = useState<'adjust' | 'void' | null>(null);
  const done: Done = (text) => {
    setOpen(null);
    onNotice({ kind: 'ok', text });
  };
  return (
    <div className="bo-actions">
      <button type="button" className="bo-button" onClick={() => setOpen('adjust')}>
        {t('giftCards.adjust')}
      </button>
      <button type="button" className="bo-button" onClick={() => setOpen('void')}>
        {t('giftCards.voidAction')}
      </button>
      {open === 'adjust' ? <AdjustDialog card={card} onClose={() => setOpen(null)} onDone={done} /> : null}
      {open === 'void' ? <VoidDialog card={card} onClose={() => setOpen(null)} onDone={done} /> : null}
    </div>
  );
}

function AdjustDialog({ card, onClose, onDone }: { card: DeskGiftCard; onClose: () => void; onDone: Done }) {
  const { t } = useTranslation(['backoffice-orders', 'backoffice']);
  const format = useShopFormatting();
  const form = useForm<z.input<typeof giftCardAdjustBodySchema>, unknown, z.output<typeof giftCardAdjustBodySchema>>({
    resolver: zodResolver(giftCardAdjustBodySchema),
    defaultValues: { delta: 0, reason: '' },
  });
  const change = useChangeGiftCard<z.output<typeof giftCardAdjustBodySchema>>(card.code, 'adjust', {
    onSuccess: (changed) => onDone(t('giftCards.adjusted', { amount: format.money(changed.credit) })),
  });
  const errors = form.formState.errors;
  return (
    <Modal open title={t('giftCards.adjustTitle', { code: card.code })} closeLabel={t('close')} onClose={onClose}>
      <ActionForm
        onSubmit={form.handleSubmit((values) => change.mutate(values))}
        error={change.error}
        pending={change.isPending}
        submitLabel={t('giftCards.adjustSubmit')}
      >
        <p>{t('giftCards.creditNow', { amount: format.money(card.credit) })}</p>
        <StackedField label={t('giftCards.delta')} hint={t('giftCards.deltaHint')} error={errors.delta ? t('giftCards.badDelta') : undefined}>
          {(props) => <input {...props} type="number" inputMode="decimal" step="0.01" {...form.register('delta', { valueAsNumber: true })} />}
        </StackedField>
        <StackedField label={t('giftCards.reason')} error={errors.reason ? t('problems.required') : undefined}>
          {(props) => <textarea {...props} maxLength={500} {...form.register('reason')} />}
        </StackedField>
      </ActionForm>
    </Modal>
  );
}

function VoidDialog({ card, onClose, onDone }: { card: DeskGiftCard; onClose: () => void; onDone: Done }) {
  const { t } = useTranslation(['backoffice-orders', 'backoffice']);
  const format = useShopFormatting();
  const form = useForm<z.input<typeof giftCardVoidBodySchema>, unknown, z.output<typeof giftCardVoidBodySchema>>({
    resolver: zodResolver(giftCardVoidBodySchema),
    defaultValues: { reason: '' },
  });
  const change = useChangeGiftCard<z.output<typeof giftCardVoidBodySchema>>(card.code, 'void', {
    onSuccess: (changed) => onDone(t('giftCards.voided', { code: changed.code })),
  });
  return (
    <Modal open title={t('giftCards.voidTitle', { code: card.code })} closeLabel={t('close')} onClose={onClose}>
      <ActionForm
        onSubmit={form.handleSubmit((values) => change.mutate(values))}
        error={change.error}
        pending={change.isPending}
        submitLabel={t('giftCards.voidSubmit')}
      >
        <p>{t('giftCards.voidWarning', { amount: format.money(card.credit) })}</p>
        <StackedField label={t('giftCards.reason')} error={form.formState.errors.reason ? t('problems.required') : undefined}>
          {(props) => <textarea {...props} maxLength={500} {...form.register('reason')} />}
        </StackedField>
      </ActionForm>
    </Modal>
  );
}
