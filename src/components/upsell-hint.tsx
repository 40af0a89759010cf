/**
 * What a standard upsell's stepper says under its title (spec section 3, Upsell: title,
 * description, image, price): its price, its image and its description, cut at 100 characters
 * with a read-more toggle (spec section 9). The image repeats the title, so it has no alt text.
 */
import { useTranslation } from 'react-i18next';
import type { Upsell } from '#domain/contracts/catalogue.ts';
import { ReadMore } from './read-more.tsx';
import './components.css';

export function UpsellHint({ upsell, price }: { upsell: Pick<Upsell, 'description' | 'image'>; price: string }) {
  const { t } = useTranslation('common');
  return (
    <div className="upsell-hint">
      {upsell.image ? <img className="upsell-hint__image" src={upsell.image} alt="" loading="lazy" decoding="async" width={64} height={64} /> : null}
      <div className="upsell-hint__text">
        <span>{price}</span>
        {upsell.description ? <ReadMore html={upsell.description} moreLabel={t('buttons.readMore')} lessLabel={t('buttons.readLess')} /> : null}
      </div>
    </div>
  );
}
