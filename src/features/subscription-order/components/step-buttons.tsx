/** Back and Next under a step of the subscription flow, in its words. */
import { useTranslation } from 'react-i18next';
import { BackNextButtons } from '../../../components/back-next-buttons.tsx';

export function StepButtons(props: { onBack(): void; onNext?: () => void; nextDisabled?: boolean }) {
  const { t } = useTranslation('subscription');
  return <BackNextButtons {...props} backLabel={t('navigation.back')} nextLabel={t('navigation.next')} />;
}
