/**
 * A − / value / + stepper (spec section 5: holding a button repeats every 200 ms). The buttons are
 * real buttons, so Enter and Space work; pressing and holding with a mouse or finger repeats.
 * `readOnly` shows the value alone (fixed-quantity audiences). A button that cannot step is
 * aria-disabled, not disabled: it keeps the focus (pressing "Fewer" down to 0 must not drop the
 * focus to the page) and is still announced as unavailable; pressing it does nothing.
 */
import { useEffect, useId, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import './components.css';

export const STEPPER_REPEAT_MS = 200;

export interface StepperProps {
  label: ReactNode;
  /** Extra text under the label (a price, a description). */
  hint?: ReactNode;
  value: number;
  /** What the value reads as (a formatted amount); defaults to the number. */
  valueText?: string;
  onDecrement(): void;
  onIncrement(): void;
  canDecrement: boolean;
  canIncrement: boolean;
  decrementLabel: string;
  incrementLabel: string;
  readOnly?: boolean;
  /** Replaces the value display, e.g. an amount input for donations. */
  children?: ReactNode;
  /**
   * Makes the value typeable: the typed whole number is handed over when the field is left or Enter
   * is pressed (the caller applies its rule and the field shows what it kept).
   */
  onTyped?(value: number): void;
  /** The typed field's accessible name, with onTyped. */
  inputLabel?: string;
}

/** The value as a field: a draft while typing, committed on leaving it or on Enter. */
function TypedValue({ value, label, onTyped }: { value: number; label: string; onTyped(value: number): void }) {
  const [draft, setDraft] = useState<string | null>(null);
  const commit = () => {
    if (draft === null) return;
    setDraft(null);
    const typed = Number.parseInt(draft, 10);
    onTyped(Number.isFinite(typed) ? typed : 0);
  };
  return (
    <input
      className="stepper__input"
      type="text"
      inputMode="numeric"
      pattern="[0-9]*"
      autoComplete="off"
      aria-label={label}
      value={draft ?? String(value)}
      onChange={(event) => setDraft(event.target.value.replace(/\D/g, '').slice(0, 4))}
      onBlur={commit}
      onKeyDown={(event) => {
        if (event.key === 'Enter') {
          event.preventDefault();
          commit();
        }
      }}
    />
  );
}

function useHoldRepeat(action: () => void, enabled: boolean) {
  const latest = useRef(action);
  // The repeat timer and the handlers call the action of the last render, updated once it is
  // committed (writing a ref during render is not allowed).
  useLayoutEffect(() => {
    latest.current = action;
  });
  const timer = useRef<ReturnType<typeof setInterval> | null>(null);
  const steppedByPointer = useRef(false);
  const stop = () => {
    if (timer.current !== null) clearInterval(timer.current);
    timer.current = null;
  };
  useEffect(() => stop, []);
  useEffect(() => {
    if (!enabled) stop();
  }, [enabled]);
  return {
    onPointerDown: (event: React.PointerEvent) => {
      if (event.button !== 0 || !enabled) return;
      steppedByPointer.current = true;
      latest.current();
      stop();
      timer.current = setInterval(() => latest.current(), STEPPER_REPEAT_MS);
    },
    onPointerUp: stop,
    onPointerLeave: stop,
    onPointerCancel: stop,
    // The pointer already stepped; a click from the keyboard (or assistive tech) steps once.
    onClick: () => {
      if (steppedByPointer.current) steppedByPointer.current = false;
      else if (enabled) latest.current();
    },
  };
}

export function Stepper(props: StepperProps) {
  const labelId = useId();
  const decrement = useHoldRepeat(props.onDecrement, props.canDecrement);
  const increment = useHoldRepeat(props.onIncrement, props.canIncrement);
  const typed =
    props.onTyped && !props.readOnly ? <TypedValue value={props.value} label={props.inputLabel ?? String(props.label)} onTyped={props.onTyped} /> : null;
  const display = props.children ?? typed ?? (
    <span className="stepper__value" aria-live="polite">
      {props.valueText ?? props.value}
    </span>
  );
  return (
    <div className="stepper" role="group" aria-labelledby={labelId}>
      <div className="stepper__text">
        <span id={labelId} className="stepper__label">
          {props.label}
        </span>
        {props.hint ? <div className="stepper__hint">{props.hint}</div> : null}
      </div>
      <div className="stepper__controls">
        {props.readOnly ? null : (
          <button type="button" className="stepper__button" aria-label={props.decrementLabel} aria-disabled={!props.canDecrement} {...decrement}>
            <span aria-hidden="true">−</span>
          </button>
        )}
        {display}
        {props.readOnly ? null : (
          <button type="button" className="stepper__button" aria-label={props.incrementLabel} aria-disabled={!props.canIncrement} {...increment}>
            <span aria-hidden="true">+</span>
          </button>
        )}
      </div>
    </div>
  );
}
