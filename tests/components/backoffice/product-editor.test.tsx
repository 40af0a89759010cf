/**
 * The back office's product editor: the domain's rules refuse before sending, the server's refusals show
 * at their fields, and a stale edit (409 CATALOGUE_STALE_EDIT) offers to reload and then saves with the
 * version just read.
 */
import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import ProductEditorPage from '../../../src/backoffice/pages/catalogue/product-editor-page.tsx';
import { server } from '../msw-server.ts';
import { renderBackofficePage } from './render-backoffice.tsx';

const API = '*/api/backoffice';

function product(version: number, title: string) {
  return {
    id: 7,
    version,
    slug: 'night-safari',
    state: 'DRAFT',
    visible: true,
    sort: 0,
    image: null,
    price_type: 'AUDIENCE',
    capacity_type: 'LIMITED',
    price: 0,
    has_days: true,
    has_timeslots: true,
    show_end_time: false,
    show_availability: true,
    min_quantity: 1,
    max_quantity: 20,
    allow_reservations: false,
    texts: { en: { title } },
    audiences: [{ audience_id: 1, price: 12.5, min_quantity: 0, max_quantity: 10, fixed_quantity: false, dependant: false, hidden: false }],
    upsell_ids: [],
    cross_sell_ids: [],
    category_ids: [],
  };
}

/** Serves the editor's reads; `stored` is what GET /catalogue/products/7 answers now. Answers the PUT bodies received. */
function serveEditor(stored: { current: ReturnType<typeof product> }, answerPut: () => Response) {
  const puts: { version: number; product: { slug: string; texts: unknown } }[] = [];
  server.use(
    http.get(`${API}/catalogue/languages`, () => HttpResponse.json({ languages: ['en', 'nl'], default_language: 'en' })),
    http.get(`${API}/catalogue/audiences`, () => HttpResponse.json([{ id: 1, group: null, sort: 0, texts: { en: { name: 'Adult' } } }])),
    http.get(`${API}/catalogue/upsells`, () => HttpResponse.json([])),
    http.get(`${API}/catalogue/products`, () => HttpResponse.json([])),
    http.get(`${API}/catalogue/categories`, () => HttpResponse.json([])),
    http.get(`${API}/catalogue/products/7`, () => HttpResponse.json(stored.current)),
    http.put(`${API}/catalogue/products/7`, async ({ request }) => {
      puts.push((await request.json()) as (typeof puts)[number]);
      return answerPut();
    }),
  );
  return puts;
}

async function renderEditor() {
  const { user } = await renderBackofficePage('/catalogue/products/:id', '/catalogue/products/7', <ProductEditorPage />);
  const title = await screen.findByRole('textbox', { name: 'Title (required)' });
  await waitFor(() => expect((title as HTMLInputElement).value).not.toBe(''));
  return { user, title: title as HTMLInputElement };
}

describe('product editor', () => {
  it("refuses a minimum above the maximum at the audience's field without sending, and shows a server refusal at its field", async () => {
    const stored = { current: product(2, 'Night safari') };
    const puts = serveEditor(stored, () =>
      HttpResponse.json({ ok: false, error: 'CATALOGUE_SLUG_TAKEN', message: 'taken', fields: { slug: 'taken' } }, { status: 409 }),
    );
    const { user } = await renderEditor();

    const audience = screen.getByRole('group', { name: 'Audience 1' });
    const min = screen.getAllByRole('spinbutton', { name: 'Minimum quantity' }).find((input) => audience.contains(input))!;
    await user.clear(min);
    await user.type(min, '12');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const max = screen.getAllByRole('spinbutton', { name: 'Maximum quantity' }).find((input) => audience.contains(input))!;
    await waitFor(() => expect(max.getAttribute('aria-invalid')).toBe('true'));
    expect(max.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(max.getAttribute('aria-describedby')!)?.textContent).toBe('The minimum is higher than the maximum.');
    expect(puts).toHaveLength(0);

    await user.clear(min);
    await user.type(min, '1');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const slug = screen.getByRole('textbox', { name: 'Slug' });
    await waitFor(() => expect(slug.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText('Already in use.')).toBeTruthy();
    expect(screen.getAllByRole('alert').map((node) => node.textContent)).toContain('Another entry already uses this slug.');
    expect(puts).toHaveLength(1);
    expect(puts[0]!.version).toBe(2);
  });

  it('says a stale edit clearly and, after a reload, saves with the version read again', async () => {
    const stored = { current: product(2, 'Night safari') };
    let refuse = true;
    const puts = serveEditor(stored, () =>
      refuse
        ? HttpResponse.json({ ok: false, error: 'CATALOGUE_STALE_EDIT', message: 'stale' }, { status: 409 })
        : HttpResponse.json({ ...stored.current, version: stored.current.version + 1 }),
    );
    const { user, title } = await renderEditor();

    // Someone else saves in between.
    stored.current = product(3, 'Night safari by torchlight');
    await user.clear(title);
    await user.type(title, 'Night safari for families');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(/Someone else saved this product after you opened it/)).toBeTruthy();
    expect(puts.map((put) => put.version)).toEqual([2]);

    refuse = false;
    await user.click(screen.getByRole('button', { name: 'Reload the product' }));
    await waitFor(() => expect(title.value).toBe('Night safari by torchlight'));
    expect(screen.queryByRole('button', { name: 'Reload the product' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved.')).toBeTruthy();
    expect(puts.map((put) => put.version)).toEqual([2, 3]);
    expect(puts[1]!.product.texts).toEqual({ en: { title: 'Night safari by torchlight' } });
  });
});
