/** One step of the flow: a section named by its h2, which takes focus when the step changes. */
import { useEffect, useId, useRef, type ReactNode } from 'react';

export function StepFrame({ title, stepKey, children }: { title: string; stepKey: string; children: ReactNode }) {
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const shown = useRef(stepKey);
  useEffect(() => {
    // Not on the first render: the page's own h1 leads a fresh visit.
    if (shown.current !== stepKey) heading.current?.focus();
    shown.current = stepKey;
  }, [stepKey]);
  return (
    <section className="order-step" aria-labelledby={headingId}>
      <h2 id={headingId} ref={heading} tabIndex={-1} className="order-step__title">
        {title}
      </h2>
      {children}
    </section>
  );
}
