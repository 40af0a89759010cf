import { fireEvent, screen, within, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { Component as FaqRoute } from '../../../src/features/faq/route.tsx';
import { installFakeGrecaptcha, removeFakeGrecaptcha } from '../captcha/fake-grecaptcha.ts';
import { server } from '../msw-server.ts';
import { renderWithShop } from '../components/render-with-shop.tsx';
import { faq, organisation } from '../components/shop-fixtures.ts';

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
  const dialog = screen.getByRole('dialog', { name: 'Refund request' });
  // The form's code loads when the modal first opens.
  await within(dialog).findByRole('textbox', { name: /First name/ });
  return { ...view, dialog };
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

  it('pressing Send does not blur the field first (its error would move the button away mid-click)', async () => {
    const { user, dialog } = await openRefundModal();
    const orderNumber = field(dialog, /Order number/);
    await user.type(orderNumber, '12a');
    const send = within(dialog).getByRole('button', { name: 'Send request' });
    // Mouse down on the button keeps the focus in the field: no error appears before the click.
    expect(fireEvent.mouseDown(send)).toBe(false);
    expect(document.activeElement).toBe(orderNumber);
    expect(errorOf(orderNumber)).toBeNull();
    expect(fireEvent.mouseDown(within(dialog).getByRole('button', { name: 'Cancel' }))).toBe(false);
    // The click then submits: every problem shows at once and the first invalid field takes the focus.
    fireEvent.click(send);
    expect(errorOf(orderNumber)).toBe('Enter a number, with at most 2 decimals.');
    expect(errorOf(field(dialog, /First name/))).toBe('This field is required.');
    expect(document.activeElement).toBe(field(dialog, /First name/));
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

describe('refund request with the captcha', () => {
  afterEach(removeFakeGrecaptcha);

  it('asks for the captcha when the shop wants one, and sends the request again with its token', async () => {
    const TOKEN = 'token-from-the-widget';
    installFakeGrecaptcha(TOKEN);
    const bodies: { captcha?: string }[] = [];
    server.use(
      http.post('*/api/faq/mail', async ({ request }) => {
        const body = (await request.json()) as { captcha?: string };
        bodies.push(body);
        return body.captcha === TOKEN
          ? HttpResponse.json({ ok: true }, { status: 201 })
          : HttpResponse.json({ ok: false, error: 'SECURITY_CAPTCHA_REQUIRED', message: 'captcha' }, { status: 403 });
      }),
    );
    const view = await renderWithShop(
      { '/faq': <FaqRoute /> },
      { path: '/faq', data: { faq, organisation: { ...organisation, security: { enabled: true, captcha_key: 'site-key' } } } },
    );
    await view.user.click(screen.getByRole('button', { name: 'Request a refund' }));
    const dialog = screen.getByRole('dialog', { name: 'Refund request' });
    await view.user.type(await within(dialog).findByRole('textbox', { name: /First name/ }), 'Dana');
    await view.user.type(field(dialog, /Last name/), 'de Vries');
    await view.user.type(field(dialog, /E-mail address/), 'dana@example.test');
    await view.user.type(field(dialog, /Order number/), '1234');
    await view.user.click(within(dialog).getByRole('button', { name: 'Send request' }));

    const captcha = await screen.findByRole('dialog', { name: 'Please confirm you are not a robot' });
    await view.user.click(await within(captcha).findByRole('checkbox', { name: "I'm not a robot" }));
    await waitFor(() => expect(bodies).toHaveLength(2));
    expect(bodies.map((body) => body.captcha)).toEqual([undefined, TOKEN]);
    expect(await screen.findByText('Thank you. We received your request and will reply by e-mail.')).toBeTruthy();
  });
});
