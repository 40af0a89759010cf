/** Back and Next under a step of the product order, in its words; a step may name its Next button itself. */
import { useTranslation } from 'react-i18next';
import { BackNextButtons } from '../../../components/back-next-buttons.tsx';

export interface StepNavigationProps {
  onBack(): void;
  onNext?: () => void;
  nextDisabled?: boolean;
  nextLabel?: string;
}

export function StepNavigation({ nextLabel, ...props }: StepNavigationProps) {
  const { t } = useTranslation('order');
  return <BackNextButtons {...props} backLabel={t('navigation.back')} nextLabel={nextLabel ?? t('navigation.next')} />;
}
