/**
 * Collapses long content behind a "Read more" / "Read less" toggle (spec section 9): rich content
 * taller than `maxHeight` pixels (measured, and re-measured when its size changes), or plain text
 * longer than `maxLength` characters. Short content shows no toggle at all.
 */
import { useId, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import './components.css';

interface ReadMoreLabels {
  /** Translated toggle texts. */
  moreLabel: string;
  lessLabel: string;
}

export type ReadMoreProps = ReadMoreLabels &
  (
    | { children: ReactNode; /** Default 100 (home cards). */ maxHeight?: number; text?: never; maxLength?: never }
    | { text: string; /** Default 100 characters. */ maxLength?: number; children?: never; maxHeight?: never }
  );

export const READ_MORE_HEIGHT = 100;
export const READ_MORE_LENGTH = 100;

export function ReadMore(props: ReadMoreProps) {
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
  // Counted in characters, not UTF-16 units, so an emoji is never cut in half.
  const characters = Array.from(text);
  const long = characters.length > maxLength;
  const shown = long && !expanded ? `${characters.slice(0, maxLength).join('').trimEnd()}…` : text;
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
