/**
 * A − / value / + stepper (spec section 5: holding a button repeats every 200 ms). The buttons are
 * real buttons, so Enter and Space work; pressing and holding with a mouse or finger repeats.
 * `readOnly` shows the value alone (fixed-quantity audiences).
 */
import { useEffect, useId, useLayoutEffect, useRef, type ReactNode } from 'react';
import './stepper.css';

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
  const display = props.children ?? (
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
        {props.hint ? <span className="stepper__hint">{props.hint}</span> : null}
      </div>
      <div className="stepper__controls">
        {props.readOnly ? null : (
          <button type="button" className="stepper__button" aria-label={props.decrementLabel} disabled={!props.canDecrement} {...decrement}>
            <span aria-hidden="true">−</span>
          </button>
        )}
        {display}
        {props.readOnly ? null : (
          <button type="button" className="stepper__button" aria-label={props.incrementLabel} disabled={!props.canIncrement} {...increment}>
            <span aria-hidden="true">+</span>
          </button>
        )}
      </div>
    </div>
  );
}
