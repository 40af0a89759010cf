/** The shop's contact details (spec section 2, FAQ): phone, e-mail, and WhatsApp and opening hours when present. */
import { useTranslation } from 'react-i18next';
import { Modal } from '../../../components/modal.tsx';
import type { Faq } from '#domain/contracts/faq.ts';

type ContactDetails = Pick<Faq, 'phone_number' | 'email' | 'whatsapp_url' | 'opening_hours_url'>;

interface ContactModalProps {
  open: boolean;
  onClose: () => void;
  contact: ContactDetails;
}

export function hasContactDetails(contact: ContactDetails): boolean {
  return Boolean(contact.phone_number || contact.email || contact.whatsapp_url || contact.opening_hours_url);
}

export function ContactModal({ open, onClose, contact }: ContactModalProps) {
  const { t } = useTranslation('faq');
  const newTab = <span className="visually-hidden"> {t('opensInNewTab')}</span>;
  return (
    <Modal open={open} onClose={onClose} title={t('contact.title')} closeLabel={t('close')}>
      <dl className="contact-list">
        {contact.phone_number ? (
          <>
            <dt>{t('contact.phone')}</dt>
            <dd>
              {/* Only digits and a leading plus are valid in a tel: link. */}
              <a href={`tel:${contact.phone_number.replace(/[^\d+]/g, '')}`}>{contact.phone_number}</a>
            </dd>
          </>
        ) : null}
        {contact.email ? (
          <>
            <dt>{t('contact.email')}</dt>
            <dd>
              <a href={`mailto:${contact.email}`}>{contact.email}</a>
            </dd>
          </>
        ) : null}
        {contact.whatsapp_url ? (
          <>
            <dt>{t('contact.whatsapp')}</dt>
            <dd>
              <a href={contact.whatsapp_url} target="_blank" rel="noopener noreferrer">
                {t('contact.whatsappLink')}
                {newTab}
              </a>
            </dd>
          </>
        ) : null}
        {contact.opening_hours_url ? (
          <>
            <dt>{t('contact.openingHours')}</dt>
            <dd>
              <a href={contact.opening_hours_url} target="_blank" rel="noopener noreferrer">
                {t('contact.openingHoursLink')}
                {newTab}
              </a>
            </dd>
          </>
        ) : null}
      </dl>
    </Modal>
  );
}
