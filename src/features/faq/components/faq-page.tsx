/**
 * The FAQ page (spec section 2, FAQ). A shop without an FAQ (disabled, or the FAQ failed to load,
 * which is tolerated as "no FAQ") answers with the not-found page.
 */
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router-dom';
import { Spinner } from '../../../components/spinner.tsx';
import { useFaq } from '../../../lib/api/faq.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { FaqAccordion } from './faq-accordion.tsx';
import { SupportCards } from './support-cards.tsx';
import { Illustration } from '../../../components/illustration.tsx';
import '../faq.css';

export function FaqPage() {
  // The refund form's messages load with the page, so opening the modal never suspends it.
  const { t } = useTranslation(['faq', 'validation']);
  const { faq, isPending } = useFaq();
  useDocumentTitle(t('documentTitle'));

  if (isPending) {
    return (
      <div className="page">
        <Spinner label={t('loading')} />
      </div>
    );
  }
  if (!faq?.faq_enabled) return <Navigate to="/404" replace />;

  return (
    <div className="page faq-page">
      <div className="faq-page__head">
        <h1 className="page__title">{t('heading')}</h1>
        <Illustration name="questions" className="faq-page__illustration" />
      </div>
      <section aria-labelledby="faq-questions">
        <h2 id="faq-questions">{t('questionsHeading')}</h2>
        {faq.questions.length > 0 ? <FaqAccordion questions={faq.questions} /> : <p>{t('noQuestions')}</p>}
      </section>
      <SupportCards faq={faq} />
    </div>
  );
}
