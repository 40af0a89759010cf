/**
 * Card layout: an optional image with badges over it, a body and a footer. `CardGrid` lays cards
 * out as a list, so a screen reader announces how many there are.
 */
import { Children, type ReactNode } from 'react';
import './components.css';

export interface CardProps {
  image?: string | null;
  /** '' (the default) when the image repeats what the card's title already says. */
  imageAlt?: string;
  /** Tags shown over the image (or above the body when there is no image). */
  badges?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
  /** Id of the card's heading, which names the card. */
  labelledBy?: string;
  /**
   * The image is likely the page's largest paint (a first card above the fold): fetched at once
   * and first, instead of lazily once layout has found it in view.
   */
  eagerImage?: boolean;
}

export function Card({ image, imageAlt = '', badges, children, footer, labelledBy, eagerImage = false }: CardProps) {
  return (
    <article className="card" aria-labelledby={labelledBy}>
      {image || badges ? (
        <div className="card__media">
          {image ? (
            <img
              className="card__image"
              src={image}
              alt={imageAlt}
              loading={eagerImage ? 'eager' : 'lazy'}
              fetchPriority={eagerImage ? 'high' : 'auto'}
              decoding="async"
            />
          ) : null}
          {badges ? <div className="card__badges">{badges}</div> : null}
        </div>
      ) : null}
      <div className="card__body">{children}</div>
      {footer ? <div className="card__footer">{footer}</div> : null}
    </article>
  );
}

export function CardGrid({ children }: { children: ReactNode }) {
  return (
    <ul className="card-grid" role="list">
      {Children.map(children, (child) => (child ? <li>{child}</li> : null))}
    </ul>
  );
}
