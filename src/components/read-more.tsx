/**
 * Collapses long content behind a "Read more" / "Read less" toggle (spec section 9): rich content
 * taller than `maxHeight` pixels (measured, and re-measured when its size changes; home cards),
 * plain text longer than `maxLength` characters, or a rich description (`html`) whose text is
 * longer than `maxLength` characters (product descriptions elsewhere: collapsed it shows its first
 * characters as text, opened the whole description). Short content shows no toggle at all. The
 * thresholds are src/domain/rich-text.ts's.
 */
import { useId, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { cutText, plainText, READ_MORE_HEIGHT, READ_MORE_LENGTH } from '#domain/rich-text.ts';
import { HtmlContent } from './html-content.tsx';
import './components.css';

interface ReadMoreLabels {
  /** Translated toggle texts. */
  moreLabel: string;
  lessLabel: string;
}

export type ReadMoreProps = ReadMoreLabels &
  (
    | { children: ReactNode; /** Default 100 (home cards). */ maxHeight?: number; text?: never; html?: never; maxLength?: never }
    | { text: string; /** Default 100 characters. */ maxLength?: number; children?: never; html?: never; maxHeight?: never }
    | { html: string; /** Default 100 characters of its text. */ maxLength?: number; children?: never; text?: never; maxHeight?: never; className?: string }
  );

export function ReadMore(props: ReadMoreProps) {
  if (typeof props.html === 'string') {
    return <HtmlReadMore {...props} html={props.html} />;
  }
  if (typeof props.text === 'string') {
    return <TextReadMore {...props} text={props.text} />;
  }
  return <HeightReadMore {...props} />;
}

function Toggle({ expanded, controls, onToggle, moreLabel, lessLabel }: ReadMoreLabels & { expanded: boolean; controls: string; onToggle: () => void }) {
  return (
    <button type="button" className="read-more__toggle" aria-expanded={expanded} aria-controls={controls} onClick={onToggle}>
      {expanded ? lessLabel : moreLabel}
    </button>
  );
}

function HeightReadMore({ children, maxHeight = READ_MORE_HEIGHT, moreLabel, lessLabel }: ReadMoreLabels & { children?: ReactNode; maxHeight?: number }) {
  const contentId = useId();
  const outerRef = useRef<HTMLDivElement>(null);
  const innerRef = useRef<HTMLDivElement>(null);
  const [overflows, setOverflows] = useState(false);
  const [expanded, setExpanded] = useState(false);

  // Measured before paint, so tall content never flashes open. The inner box is observed because
  // its height follows the content (late images, a narrower screen) while the outer one is clipped.
  useLayoutEffect(() => {
    const outer = outerRef.current;
    const inner = innerRef.current;
    if (!outer || !inner) return undefined;
    const measure = () => setOverflows(outer.scrollHeight > maxHeight);
    measure();
    if (typeof ResizeObserver === 'undefined') return undefined;
    const observer = new ResizeObserver(measure);
    observer.observe(inner);
    return () => observer.disconnect();
  }, [maxHeight]);

  const collapsed = overflows && !expanded;
  return (
    <div className="read-more">
      <div
        id={contentId}
        ref={outerRef}
        className={collapsed ? 'read-more__content read-more__content--collapsed' : 'read-more__content'}
        style={collapsed ? { maxHeight } : undefined}
      >
        <div ref={innerRef}>{children}</div>
      </div>
      {overflows ? (
        <Toggle expanded={expanded} controls={contentId} onToggle={() => setExpanded((value) => !value)} moreLabel={moreLabel} lessLabel={lessLabel} />
      ) : null}
    </div>
  );
}

function TextReadMore({ text, maxLength = READ_MORE_LENGTH, moreLabel, lessLabel }: ReadMoreLabels & { text: string; maxLength?: number }) {
  const contentId = useId();
  const [expanded, setExpanded] = useState(false);
  const { text: excerpt, cut: long } = cutText(text, maxLength);
  const shown = long && !expanded ? excerpt : text;
  return (
    <div className="read-more">
      <p id={contentId} className="read-more__content">
        {shown}
      </p>
      {long ? (
        <Toggle expanded={expanded} controls={contentId} onToggle={() => setExpanded((value) => !value)} moreLabel={moreLabel} lessLabel={lessLabel} />
      ) : null}
    </div>
  );
}

function HtmlReadMore({
  html,
  maxLength = READ_MORE_LENGTH,
  className,
  moreLabel,
  lessLabel,
}: ReadMoreLabels & { html: string; maxLength?: number; className?: string }) {
  const contentId = useId();
  const [expanded, setExpanded] = useState(false);
  const { text: excerpt, cut: long } = cutText(plainText(html), maxLength);
  return (
    <div className="read-more">
      {long && !expanded ? (
        <p id={contentId} className={className ? `read-more__content ${className}` : 'read-more__content'}>
          {excerpt}
        </p>
      ) : (
        <HtmlContent id={contentId} html={html} {...(className ? { className } : {})} />
      )}
      {long ? (
        <Toggle expanded={expanded} controls={contentId} onToggle={() => setExpanded((value) => !value)} moreLabel={moreLabel} lessLabel={lessLabel} />
      ) : null}
    </div>
  );
}
