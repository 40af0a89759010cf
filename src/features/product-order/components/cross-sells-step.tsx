/** Step 4 (products with cross-sells): choosing one puts this order in the cart and opens the other product. */
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { Card, CardGrid } from '../../../components/card.tsx';
import type { ProductSummary } from '#domain/contracts/catalogue.ts';
import { useOrganisation } from '../../../lib/api/organisation.ts';
import { useCartStore } from '../../../lib/cart-store.ts';
import { formatMoney } from '../../../lib/format.ts';
import { StepNavigation } from './step-navigation.tsx';

export function CrossSellsStep({ crossSells, onNext, onBack }: { crossSells: ProductSummary[]; onNext(): void; onBack(): void }) {
  const { t, i18n } = useTranslation('order');
  const { currency } = useOrganisation();
  const navigate = useNavigate();
  const orderAddedToCart = useCartStore((state) => state.orderAddedToCart);
  const choose = (item: ProductSummary) => {
    orderAddedToCart();
    navigate(`/product/${item.id}/${item.slug}`);
  };
  return (
    <>
      <CardGrid>
        {crossSells.map((item) => (
          <Card
            key={item.id}
            image={item.image}
            labelledBy={`cross-sell-${item.id}`}
            footer={
              <button type="button" className="button button--primary" onClick={() => choose(item)}>
                {t('crossSells.add', { title: item.title })}
              </button>
            }
          >
            <h3 id={`cross-sell-${item.id}`} className="card__title">
              {item.title}
            </h3>
            <p className="card__price">{t('crossSells.from', { price: formatMoney(item.price, currency, i18n.language) })}</p>
          </Card>
        ))}
      </CardGrid>
      <StepNavigation onBack={onBack} onNext={onNext} nextLabel={t('crossSells.skip')} />
    </>
  );
}
