import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Stepper } from '../../../src/components/stepper.tsx';

function Counter({ readOnly = false }: { readOnly?: boolean }) {
  const [value, setValue] = useState(0);
  return (
    <Stepper
      label="Adult"
      value={value}
      readOnly={readOnly}
      canDecrement={value > 0}
      canIncrement={value < 50}
      onDecrement={() => setValue((current) => current - 1)}
      onIncrement={() => setValue((current) => current + 1)}
      decrementLabel="Fewer adults"
      incrementLabel="More adults"
    />
  );
}

afterEach(() => vi.useRealTimers());

describe('Stepper', () => {
  it('repeats every 200 ms while + is held, and stops on release', () => {
    vi.useFakeTimers();
    render(<Counter />);
    const plus = screen.getByRole('button', { name: 'More adults' });
    fireEvent.pointerDown(plus, { button: 0 });
    act(() => vi.advanceTimersByTime(1000));
    fireEvent.pointerUp(plus, { button: 0 });
    // The click that ends a press does not add another step.
    fireEvent.click(plus);
    const held = Number(screen.getByRole('group', { name: 'Adult' }).querySelector('.stepper__value')?.textContent);
    // One step on press, then one every 200 ms: about five in a second.
    expect(held).toBeGreaterThanOrEqual(5);
    expect(held).toBeLessThanOrEqual(6);
    act(() => vi.advanceTimersByTime(1000));
    expect(Number(screen.getByRole('group', { name: 'Adult' }).querySelector('.stepper__value')?.textContent)).toBe(held);
  });

  it('steps once per key press from the keyboard', async () => {
    const user = userEvent.setup();
    render(<Counter />);
    screen.getByRole('button', { name: 'More adults' }).focus();
    await user.keyboard('{Enter}');
    await user.keyboard(' ');
    expect(screen.getByText('2')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Fewer adults' }));
    expect(screen.getByText('1')).toBeTruthy();
  });

  it('keeps the focus on "Fewer" when it reaches 0, announced as unavailable, and does nothing more', async () => {
    const user = userEvent.setup();
    render(<Counter />);
    await user.click(screen.getByRole('button', { name: 'More adults' }));
    const fewer = screen.getByRole('button', { name: 'Fewer adults' });
    fewer.focus();
    await user.keyboard('{Enter}');
    expect(screen.getByText('0')).toBeTruthy();
    expect(document.activeElement).toBe(fewer);
    expect(fewer.getAttribute('aria-disabled')).toBe('true');
    await user.keyboard('{Enter}');
    await user.click(fewer);
    expect(screen.getByText('0')).toBeTruthy();
  });

  it('shows only the value when read-only', () => {
    render(<Counter readOnly />);
    expect(screen.queryAllByRole('button')).toEqual([]);
    expect(screen.getByRole('group', { name: 'Adult' }).textContent).toContain('0');
  });
});
