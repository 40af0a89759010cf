/**
 * A headed grid of item cards: the listing shape shared by the home page and category pages
 * (items and categories alike). Callers decide what is listed and pass translated texts.
 */
import { useId } from 'react';
import { CardGrid } from './card.tsx';
import { ItemCard, type ItemDescriptionDisplay } from './item-card.tsx';

export interface CardSectionEntry {
  id: number;
  title: string;
  href: string;
  image: string | null;
  label?: string | null;
  description: string | null;
  price?: string | null;
  highlight?: string | null;
}

export interface CardSectionProps {
  heading: string;
  entries: readonly CardSectionEntry[];
  actionText: string;
  descriptionDisplay: ItemDescriptionDisplay;
  /** How many of the first cards load their image at once (the section opens the page); 0: all lazily. */
  eagerImages?: number;
}

export function CardSection({ heading, entries, actionText, descriptionDisplay, eagerImages = 0 }: CardSectionProps) {
  const headingId = useId();
  if (entries.length === 0) return null;
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId}>{heading}</h2>
      <CardGrid>
        {entries.map((entry, index) => (
          <ItemCard
            key={entry.id}
            title={entry.title}
            href={entry.href}
            actionText={actionText}
            image={entry.image}
            label={entry.label ?? null}
            highlight={entry.highlight ?? null}
            price={entry.price ?? null}
            descriptionHtml={entry.description}
            descriptionDisplay={descriptionDisplay}
            eagerImage={index < eagerImages}
          />
        ))}
      </CardGrid>
    </section>
  );
}
