/**
 * The support cards under the questions (spec section 2, FAQ): cancellation opens the refund request
 * modal, rebook (only when the shop allows it) links to the rebook entry, contact opens the details.
 */
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Card, CardGrid } from '../../../components/card.tsx';
import { Illustration } from '../../../components/illustration.tsx';
import type { Faq } from '#domain/contracts/faq.ts';
import { ContactModal, hasContactDetails } from './contact-modal.tsx';
import { RefundRequestModal } from './refund-request-modal.tsx';

type OpenModal = 'refund' | 'contact' | null;

export function SupportCards({ faq }: { faq: Faq }) {
  const { t } = useTranslation('faq');
  const headingId = useId();
  const [openModal, setOpenModal] = useState<OpenModal>(null);
  const close = () => setOpenModal(null);
  const rebookSecret = faq.rebooking_allowed ? faq.rebooking_secret : null;

  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId}>{t('support.heading')}</h2>
      <CardGrid>
        <SupportCard topic="cancellation">
          <button type="button" className="button button--primary" aria-haspopup="dialog" onClick={() => setOpenModal('refund')}>
            {t('support.cancellation.action')}
          </button>
        </SupportCard>
        {rebookSecret ? (
          <SupportCard topic="rebook">
            <Link className="button button--primary" to={`/rebook/${encodeURIComponent(rebookSecret)}`}>
              {t('support.rebook.action')}
            </Link>
          </SupportCard>
        ) : null}
        {hasContactDetails(faq) ? (
          <SupportCard topic="contact">
            <button type="button" className="button button--primary" aria-haspopup="dialog" onClick={() => setOpenModal('contact')}>
              {t('support.contact.action')}
            </button>
          </SupportCard>
        ) : null}
      </CardGrid>
      <RefundRequestModal open={openModal === 'refund'} onClose={close} />
      <ContactModal open={openModal === 'contact'} onClose={close} contact={faq} />
    </section>
  );
}

function SupportCard({ topic, children }: { topic: 'cancellation' | 'rebook' | 'contact'; children: ReactNode }) {
  const { t } = useTranslation('faq');
  const titleId = useId();
  return (
    <Card labelledBy={titleId} footer={children}>
      <Illustration name={topic} className="faq-support__illustration" />
      <h3 id={titleId} className="card__title">
        {t(`support.${topic}.title`)}
      </h3>
      <p>{t(`support.${topic}.text`)}</p>
    </Card>
  );
}
