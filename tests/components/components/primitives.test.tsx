import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Alert } from '../../../src/components/alert.tsx';
import { HtmlContent } from '../../../src/components/html-content.tsx';
import { Spinner } from '../../../src/components/spinner.tsx';

describe('Alert', () => {
  it.each([
    ['danger', 'alert'],
    ['warning', 'status'],
    ['success', 'status'],
    ['info', 'status'],
  ] as const)('a %s alert has role %s', (tone, role) => {
    render(<Alert tone={tone}>Message</Alert>);
    expect(screen.getByRole(role).textContent).toBe('Message');
  });

  it('shows its action', () => {
    render(
      <Alert tone="danger" action={<button type="button">Try again</button>}>
        Failed
      </Alert>,
    );
    expect(screen.getByRole('alert').contains(screen.getByRole('button', { name: 'Try again' }))).toBe(true);
  });
});

describe('Spinner', () => {
  it('is a status named by its label', () => {
    render(<Spinner label="Loading the category…" />);
    expect(screen.getByRole('status').textContent).toBe('Loading the category…');
  });
});

describe('HtmlContent', () => {
  it('renders the API HTML as markup', () => {
    render(<HtmlContent html="<p>See the <strong>sharks</strong></p>" />);
    expect(screen.getByText('sharks').tagName).toBe('STRONG');
  });
});
