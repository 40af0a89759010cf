/**
 * The back office's upsells page: a donation is saved with its amount and step, a server refusal shows at
 * its field, and a stale edit (409 CATALOGUE_STALE_EDIT) offers to reload.
 */
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import UpsellsPage from '../../../src/backoffice/pages/catalogue/upsells-page.tsx';
import { server } from '../msw-server.ts';
import { renderBackofficePage } from './render-backoffice.tsx';

const API = '*/api/backoffice';

const map = {
  id: 4,
  version: 3,
  upsell_type: 'STANDARD',
  price: 2.5,
  max_quantity: 999,
  donation_step: null,
  image: null,
  texts: { en: { title: 'Park map' }, nl: { title: 'Plattegrond' } },
};

function serveUpsells(rows: unknown[]) {
  const sent: { method: string; url: string; body: unknown }[] = [];
  const stored = [...rows];
  server.use(
    http.get(`${API}/catalogue/languages`, () => HttpResponse.json({ languages: ['en', 'nl'], default_language: 'en' })),
    http.get(`${API}/catalogue/upsells`, () => HttpResponse.json(stored)),
  );
  return { sent, stored };
}

describe('upsells page', () => {
  it('saves a new donation with its amount and step, then lists it', async () => {
    const { sent, stored } = serveUpsells([map]);
    server.use(
      http.post(`${API}/catalogue/upsells`, async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        sent.push({ method: 'POST', url: request.url, body });
        const saved = { ...body, id: 9, version: 1 };
        stored.push(saved);
        return HttpResponse.json(saved);
      }),
    );
    const { user } = await renderBackofficePage('/catalogue/upsells', '/catalogue/upsells', <UpsellsPage />);
    expect(await screen.findByRole('button', { name: 'Edit Park map' })).toBeTruthy();

    await user.type(screen.getByRole('textbox', { name: 'Title (required)' }), 'Elephant fund');
    expect(screen.queryByRole('spinbutton', { name: 'Donation step' })).toBeNull();
    await user.click(screen.getByRole('checkbox', { name: 'This is a donation' }));
    const amount = screen.getByRole('spinbutton', { name: 'Suggested amount' });
    await user.clear(amount);
    await user.type(amount, '5');
    await user.type(screen.getByRole('spinbutton', { name: 'Donation step' }), '2.50');
    await user.click(screen.getByRole('button', { name: 'Add it' }));

    expect(await screen.findByText('Upsell added.')).toBeTruthy();
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body).toEqual({
      upsell_type: 'DONATION',
      price: 5,
      max_quantity: 999,
      donation_step: 2.5,
      image: null,
      texts: { en: { title: 'Elephant fund' } },
    });
    const row = (await screen.findByRole('button', { name: 'Edit Elephant fund' })).closest('tr')!;
    expect(within(row).getByText('Donation')).toBeTruthy();
  });

  it('shows a server refusal at its field and a stale edit with a reload', async () => {
    const { sent } = serveUpsells([map]);
    let answer: 'field' | 'stale' = 'field';
    server.use(
      http.put(`${API}/catalogue/upsells/4`, async ({ request }) => {
        sent.push({ method: 'PUT', url: request.url, body: await request.json() });
        return answer === 'field'
          ? HttpResponse.json({ ok: false, error: 'VALIDATION_FAILED', message: 'bad', fields: { max_quantity: 'too_big' } }, { status: 422 })
          : HttpResponse.json({ ok: false, error: 'CATALOGUE_STALE_EDIT', message: 'stale' }, { status: 409 });
      }),
    );
    const { user } = await renderBackofficePage('/catalogue/upsells', '/catalogue/upsells', <UpsellsPage />);
    await user.click(await screen.findByRole('button', { name: 'Edit Park map' }));
    expect(screen.getByRole('heading', { name: 'Editing Park map' })).toBeTruthy();
    const price = screen.getByRole('spinbutton', { name: 'Price' });
    expect((price as HTMLInputElement).value).toBe('2.5');
    await user.clear(price);
    await user.type(price, '3');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    const max = screen.getByRole('spinbutton', { name: 'Maximum quantity' });
    expect(await screen.findByText('This value is too high.')).toBeTruthy();
    expect(max.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(max.getAttribute('aria-describedby')!)?.textContent).toBe('This value is too high.');
    expect(sent[0]!.body).toMatchObject({ version: 3, upsell: { upsell_type: 'STANDARD', price: 3, donation_step: null, texts: map.texts } });

    answer = 'stale';
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const stale = await screen.findByRole('group', { name: 'Changed by someone else' });
    await user.click(within(stale).getByRole('button', { name: 'Reload the upsell' }));
    expect(await screen.findByText('Reloaded: this is the upsell as it is now.')).toBeTruthy();
    expect(screen.queryByRole('group', { name: 'Changed by someone else' })).toBeNull();
  });
});
