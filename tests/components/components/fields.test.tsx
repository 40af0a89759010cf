import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CheckboxField } from '../../../src/components/checkbox-field.tsx';
import { TextArea } from '../../../src/components/text-area.tsx';
import { TextField } from '../../../src/components/text-field.tsx';

function describedBy(element: HTMLElement): string[] {
  return (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent ?? `(missing #${id})`);
}

describe('TextField', () => {
  it('labels the input and ties the hint to it', () => {
    render(<TextField label="Order number" hint="In your confirmation e-mail" value="" onChange={() => undefined} />);
    const input = screen.getByRole('textbox', { name: 'Order number' });
    expect(describedBy(input)).toEqual(['In your confirmation e-mail']);
    expect(input.getAttribute('aria-invalid')).toBeNull();
    expect(input.className).not.toContain('is-invalid');
  });

  it('marks an invalid input: danger border, aria-invalid and the message tied to it', () => {
    render(<TextField label="E-mail" type="email" hint="We reply here" error="Enter a valid e-mail address." required value="x" onChange={() => undefined} />);
    const input = screen.getByRole('textbox', { name: /E-mail/ });
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-required')).toBe('true');
    expect(input.getAttribute('type')).toBe('email');
    expect(input.className).toContain('is-invalid');
    expect(describedBy(input)).toEqual(['We reply here', 'Enter a valid e-mail address.']);
  });

  it('forwards a ref and native props', () => {
    let element: HTMLInputElement | null = null;
    render(<TextField label="Name" name="first_name" autoComplete="given-name" ref={(node) => void (element = node)} defaultValue="Dana" />);
    expect(element).toBe(screen.getByRole('textbox', { name: 'Name' }));
    expect(element!.name).toBe('first_name');
    expect(element!.value).toBe('Dana');
  });
});

describe('TextArea', () => {
  it('marks an invalid textarea the same way', () => {
    render(<TextArea label="Comment" error="This text is too long." value="" onChange={() => undefined} />);
    const textarea = screen.getByRole('textbox', { name: 'Comment' });
    expect(textarea.tagName).toBe('TEXTAREA');
    expect(textarea.getAttribute('aria-invalid')).toBe('true');
    expect(textarea.className).toContain('is-invalid');
    expect(describedBy(textarea)).toEqual(['This text is too long.']);
  });
});

describe('CheckboxField', () => {
  it('labels the checkbox and marks it invalid', () => {
    render(<CheckboxField label="I accept the safety rules" error="Please tick this box to continue." required checked={false} onChange={() => undefined} />);
    const checkbox = screen.getByRole('checkbox', { name: /I accept the safety rules/ });
    expect(checkbox.getAttribute('aria-invalid')).toBe('true');
    expect(checkbox.className).toContain('is-invalid');
    expect(describedBy(checkbox)).toEqual(['Please tick this box to continue.']);
  });
});
