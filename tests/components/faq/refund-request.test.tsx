import { screen, within, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { Component as FaqRoute } from '../../../src/features/faq/route.tsx';
import { server } from '../msw-server.ts';
import { renderWithShop } from '../components/render-with-shop.tsx';
import { faq } from '../components/shop-fixtures.ts';

function serveRefundMail(answer: () => Response = () => HttpResponse.json({ ok: true })) {
  const bodies: unknown[] = [];
  server.use(
    http.post('*/api/faq/mail', async ({ request }) => {
      bodies.push(await request.json());
      return answer();
    }),
  );
  return bodies;
}

async function openRefundModal() {
  const view = await renderWithShop({ '/faq': <FaqRoute /> }, { path: '/faq', data: { faq } });
  await view.user.click(screen.getByRole('button', { name: 'Request a refund' }));
  return { ...view, dialog: screen.getByRole('dialog', { name: 'Refund request' }) };
}

const field = (dialog: HTMLElement, label: RegExp) => within(dialog).getByRole('textbox', { name: label });

function errorOf(input: HTMLElement): string | null {
  if (input.getAttribute('aria-invalid') !== 'true') return null;
  const ids = (input.getAttribute('aria-describedby') ?? '').split(' ');
  return ids.map((id) => document.getElementById(id)).find((element) => element?.className === 'field__error')?.textContent ?? null;
}

describe('refund request modal', () => {
  it('marks invalid fields with a danger border and a translated message, and sends nothing', async () => {
    const bodies = serveRefundMail();
    const { user, dialog } = await openRefundModal();
    expect(document.activeElement).toBe(field(dialog, /First name/));

    await user.type(field(dialog, /E-mail address/), 'dana@');
    await user.type(field(dialog, /Order number/), '12.345');
    await user.click(within(dialog).getByRole('button', { name: 'Send request' }));

    expect(errorOf(field(dialog, /First name/))).toBe('This field is required.');
    expect(errorOf(field(dialog, /Last name/))).toBe('This field is required.');
    expect(errorOf(field(dialog, /E-mail address/))).toBe('Enter a valid e-mail address.');
    expect(errorOf(field(dialog, /Order number/))).toBe('Enter a number, with at most 2 decimals.');
    expect(field(dialog, /First name/).className).toContain('is-invalid');
    // Address and comment are optional.
    expect(errorOf(field(dialog, /^Address/))).toBeNull();
    expect(errorOf(field(dialog, /Comment/))).toBeNull();
    expect(document.activeElement).toBe(field(dialog, /First name/));

    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(bodies).toEqual([]);
  });

  it('checks a field once it was left, and only that field', async () => {
    serveRefundMail();
    const { user, dialog } = await openRefundModal();

    await user.type(field(dialog, /E-mail address/), 'not-an-address');
    expect(errorOf(field(dialog, /E-mail address/))).toBeNull();
    await user.tab();

    expect(errorOf(field(dialog, /E-mail address/))).toBe('Enter a valid e-mail address.');
    // Never visited: not judged yet.
    expect(errorOf(field(dialog, /Last name/))).toBeNull();
    expect(errorOf(field(dialog, /Order number/))).toBeNull();

    await user.clear(field(dialog, /E-mail address/));
    await user.type(field(dialog, /E-mail address/), 'dana@tidewater.example');
    expect(errorOf(field(dialog, /E-mail address/))).toBeNull();
  });

  it('posts the exact request and shows the success message', async () => {
    const bodies = serveRefundMail();
    const { user, dialog } = await openRefundModal();

    await user.type(field(dialog, /First name/), 'Dana');
    await user.type(field(dialog, /Last name/), 'de Vries');
    await user.type(field(dialog, /E-mail address/), ' demo@tidewater.example ');
    await user.type(field(dialog, /^Address/), 'Havenstraat 12, Amsterdam');
    await user.type(field(dialog, /Order number/), '10042');
    await user.type(field(dialog, /Comment/), 'We cannot come on Saturday.');
    await user.click(within(dialog).getByRole('button', { name: 'Send request' }));

    expect((await within(dialog).findByRole('status')).textContent).toBe('Thank you. We received your request and will reply by e-mail.');
    expect(bodies).toEqual([
      {
        first_name: 'Dana',
        last_name: 'de Vries',
        email: 'demo@tidewater.example',
        adress: 'Havenstraat 12, Amsterdam',
        order_number: '10042',
        comment: 'We cannot come on Saturday.',
      },
    ]);
    // Focus lands on the success view's own Close button (not the × in the header).
    expect(document.activeElement?.textContent).toBe('Close');
    await user.keyboard('{Enter}');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  async function submitValid(dialog: HTMLElement, user: Awaited<ReturnType<typeof openRefundModal>>['user']) {
    await user.type(field(dialog, /First name/), 'Dana');
    await user.type(field(dialog, /Last name/), 'de Vries');
    await user.type(field(dialog, /E-mail address/), 'demo@tidewater.example');
    await user.type(field(dialog, /Order number/), '10042');
    await user.click(within(dialog).getByRole('button', { name: 'Send request' }));
  }

  it('translates a server error code', async () => {
    serveRefundMail(() => HttpResponse.json({ ok: false, error: 'TOO_MANY_ATTEMPTS', message: 'x' }, { status: 429 }));
    const { user, dialog } = await openRefundModal();
    await submitValid(dialog, user);
    const alert = await within(dialog).findByRole('alert');
    await waitFor(() => expect(alert.textContent).toBe('Too many attempts. Please wait a few minutes and try again.'));
  });

  it('shows "Unexpected error" for a failure without a known code', async () => {
    serveRefundMail(() => new HttpResponse('Bad gateway', { status: 502 }));
    const { user, dialog } = await openRefundModal();
    await submitValid(dialog, user);
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Unexpected error');
  });

  it('starts empty each time it opens', async () => {
    serveRefundMail();
    const { user, dialog } = await openRefundModal();
    await user.type(field(dialog, /First name/), 'Dana');
    await user.click(within(dialog).getByRole('button', { name: 'Send request' }));
    expect(errorOf(field(dialog, /Last name/))).toBe('This field is required.');

    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Request a refund' }));

    const reopened = screen.getByRole('dialog', { name: 'Refund request' });
    expect((field(reopened, /First name/) as HTMLInputElement).value).toBe('');
    expect(errorOf(field(reopened, /Last name/))).toBeNull();
  });
});
