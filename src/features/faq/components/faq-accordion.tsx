/**
 * Questions as an accordion (WAI-ARIA pattern): each question is a button that shows or hides its
 * answer; Arrow Up/Down, Home and End move between questions. Several answers may be open at once.
 */
import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { HtmlContent } from '../../../components/html-content.tsx';
import type { FaqQuestion } from '#domain/contracts/faq.ts';

export function FaqAccordion({ questions }: { questions: readonly FaqQuestion[] }) {
  const baseId = useId();
  const [openIds, setOpenIds] = useState<ReadonlySet<number>>(() => new Set());
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);

  const toggle = (id: number) =>
    setOpenIds((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });

  const moveFocus = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const last = questions.length - 1;
    const target = { ArrowDown: index === last ? 0 : index + 1, ArrowUp: index === 0 ? last : index - 1, Home: 0, End: last }[event.key];
    if (target === undefined) return;
    event.preventDefault();
    buttons.current[target]?.focus();
  };

  return (
    <div className="faq-accordion">
      {questions.map((question, index) => {
        const open = openIds.has(question.id);
        const buttonId = `${baseId}-question-${question.id}`;
        const panelId = `${baseId}-answer-${question.id}`;
        return (
          <div key={question.id} className="faq-accordion__item">
            <h3 className="faq-accordion__heading">
              <button
                ref={(element) => {
                  buttons.current[index] = element;
                }}
                id={buttonId}
                type="button"
                className="faq-accordion__button"
                aria-expanded={open}
                aria-controls={panelId}
                onClick={() => toggle(question.id)}
                onKeyDown={(event) => moveFocus(event, index)}
              >
                <span className="faq-accordion__question">{question.question}</span>
                {/* Decorative: the state is aria-expanded; the sign must not become part of the question. */}
                <span className="faq-accordion__icon" aria-hidden="true">
                  {open ? '−' : '+'}
                </span>
              </button>
            </h3>
            <div id={panelId} className="faq-accordion__answer" aria-labelledby={buttonId} hidden={!open}>
              <HtmlContent html={question.answer} />
            </div>
          </div>
        );
      })}
    </div>
  );
}
