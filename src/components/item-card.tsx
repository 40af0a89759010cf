/**
 * The card of a catalogue item (product, subscription, voucher or category): image, label, title,
 * description, price and the button that opens it. It takes plain, already translated props, so
 * every feature renders items the same way without knowing each other.
 */
import { useId } from 'react';
import { Link } from 'react-router-dom';
import { Card } from './card.tsx';
import { HtmlContent } from './html-content.tsx';
import { ItemInfoButton } from './item-info-button.tsx';
import { ReadMore } from './read-more.tsx';

/** How the description shows: inline, collapsed beyond a height, or behind an information button. */
export type ItemDescriptionDisplay =
  { kind: 'read-more'; moreLabel: string; lessLabel: string; maxHeight?: number } | { kind: 'modal'; infoLabel: string; closeLabel: string };

export interface ItemCardProps {
  title: string;
  href: string;
  /** Text of the button that opens the item, such as "Book tickets". */
  actionText: string;
  image?: string | null;
  /** The item's own label from the shop, such as "New". */
  label?: string | null;
  /** A marker the page adds, such as "Your current subscription". */
  highlight?: string | null;
  /** Formatted price text, such as "from €9.50". */
  price?: string | null;
  /** Sanitised HTML from the API. */
  descriptionHtml?: string | null;
  descriptionDisplay?: ItemDescriptionDisplay;
  headingLevel?: 2 | 3 | 4;
  /** See `Card`: for the first cards of a page. */
  eagerImage?: boolean;
}

export function ItemCard({
  title,
  href,
  actionText,
  image,
  label,
  highlight,
  price,
  descriptionHtml,
  descriptionDisplay,
  headingLevel = 3,
  eagerImage = false,
}: ItemCardProps) {
  const titleId = useId();
  const Heading = `h${headingLevel}` as const;
  const description = descriptionHtml?.trim() ? descriptionHtml : null;
  const badges =
    label || highlight ? (
      <>
        {highlight ? <span className="tag tag--highlight">{highlight}</span> : null}
        {label ? <span className="tag">{label}</span> : null}
      </>
    ) : null;

  return (
    <Card
      image={image}
      badges={badges}
      labelledBy={titleId}
      eagerImage={eagerImage}
      footer={
        <>
          {price ? <p className="card__price">{price}</p> : null}
          <div className="card__actions">
            {description && descriptionDisplay?.kind === 'modal' ? (
              <ItemInfoButton
                title={title}
                image={image}
                descriptionHtml={description}
                buttonText={descriptionDisplay.infoLabel}
                closeLabel={descriptionDisplay.closeLabel}
                describedBy={titleId}
              />
            ) : null}
            {/* The title is part of the link's name, so a list of links still says where each goes. */}
            <Link to={href} className="button button--primary" aria-label={`${actionText}: ${title}`}>
              {actionText}
            </Link>
          </div>
        </>
      }
    >
      <Heading id={titleId} className="card__title">
        {title}
      </Heading>
      {description && descriptionDisplay?.kind === 'read-more' ? (
        <ReadMore moreLabel={descriptionDisplay.moreLabel} lessLabel={descriptionDisplay.lessLabel} maxHeight={descriptionDisplay.maxHeight}>
          <HtmlContent html={description} />
        </ReadMore>
      ) : null}
    </Card>
  );
}
