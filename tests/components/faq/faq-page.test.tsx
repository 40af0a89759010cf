import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { Faq } from '#domain/contracts/faq.ts';
import { Component as FaqRoute } from '../../../src/features/faq/route.tsx';
import { server } from '../msw-server.ts';
import { renderWithShop } from '../components/render-with-shop.tsx';
import { faq } from '../components/shop-fixtures.ts';

const routes = { '/faq': <FaqRoute />, '/404': <h1>Page not found</h1>, '/rebook/:secret': <h1>Rebook</h1> };

function renderFaq(data: Faq = faq) {
  return renderWithShop(routes, { path: '/faq', data: { faq: data } });
}

describe('FAQ page', () => {
  it('sends the visitor to /404 when the FAQ is disabled', async () => {
    const { currentPath } = await renderFaq({ ...faq, faq_enabled: false });
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
    expect(currentPath()).toBe('/404');
  });

  it('sends the visitor to /404 when the FAQ failed to load (tolerated as "no FAQ")', async () => {
    server.use(http.get('*/api/faq', () => HttpResponse.json({ ok: false, error: 'INTERNAL_ERROR', message: 'x' }, { status: 500 })));
    const { currentPath } = await renderWithShop(routes, { path: '/faq' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
    expect(currentPath()).toBe('/404');
  });

  it('loads the FAQ when the start-up did not', async () => {
    server.use(http.get('*/api/faq', () => HttpResponse.json(faq)));
    await renderWithShop(routes, { path: '/faq' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Frequently asked questions' })).toBeTruthy();
    expect(document.title).toBe('Frequently asked questions · Tidewater Zoo & Aquarium');
  });

  it('shows questions as an accordion operable with the keyboard', async () => {
    const { user } = await renderFaq();
    const [open, dog, parking] = screen.getAllByRole('button', { name: /\?$/ });
    // Exactly the question: the +/− sign beside it is hidden from assistive technology.
    expect(screen.getByRole('button', { name: 'When are you open?' })).toBe(open);
    const sign = open!.querySelector('.faq-accordion__icon')!;
    expect(sign.textContent).toBe('+');
    expect(sign.getAttribute('aria-hidden')).toBe('true');
    expect(open!.closest('h3')).toBeTruthy();

    const answer = document.getElementById(open!.getAttribute('aria-controls') ?? '')!;
    expect(open!.getAttribute('aria-expanded')).toBe('false');
    expect(answer.hidden).toBe(true);

    open!.focus();
    await user.keyboard('{Enter}');
    expect(open!.getAttribute('aria-expanded')).toBe('true');
    expect(answer.hidden).toBe(false);
    expect(within(answer).getByText('10:00').tagName).toBe('STRONG');

    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(dog);
    await user.keyboard(' ');
    expect(dog!.getAttribute('aria-expanded')).toBe('true');
    // Several answers may be open at once.
    expect(open!.getAttribute('aria-expanded')).toBe('true');

    await user.keyboard('{End}');
    expect(document.activeElement).toBe(parking);
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(open);
    await user.keyboard('{ArrowUp}');
    expect(document.activeElement).toBe(parking);
    await user.keyboard('{Home}');
    expect(document.activeElement).toBe(open);

    await user.keyboard('{Enter}');
    expect(open!.getAttribute('aria-expanded')).toBe('false');
    expect(answer.hidden).toBe(true);
  });

  it('shows the rebook card, linking to the rebook entry, when rebooking is allowed', async () => {
    const { user, currentPath } = await renderFaq();
    const card = screen.getByRole('article', { name: 'Change your booking' });
    const link = within(card).getByRole('link', { name: 'Rebook' });
    expect(link.getAttribute('href')).toBe('/rebook/tidewater-rebook');
    await user.click(link);
    expect(currentPath()).toBe('/rebook/tidewater-rebook');
  });

  it('illustrates the page and each support card, with the bundled illustrations when no service is configured', async () => {
    const { container } = await renderFaq();
    const sources = [...container.querySelectorAll('img')].map((image) => image.getAttribute('src'));
    expect(sources).toEqual(['/illustrations/questions.svg', '/illustrations/cancellation.svg', '/illustrations/rebook.svg', '/illustrations/contact.svg']);
  });

  it('has no rebook card when rebooking is not allowed', async () => {
    await renderFaq({ ...faq, rebooking_allowed: false, rebooking_secret: null });
    expect(screen.getByRole('article', { name: 'Cancel your order' })).toBeTruthy();
    expect(screen.queryByRole('article', { name: 'Change your booking' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Rebook' })).toBeNull();
  });

  it('opens the contact modal with phone, e-mail, WhatsApp and opening hours', async () => {
    const { user } = await renderFaq();
    const opener = within(screen.getByRole('article', { name: 'Contact us' })).getByRole('button', { name: 'Show contact details' });
    await user.click(opener);

    const dialog = screen.getByRole('dialog', { name: 'Contact details' });
    expect(within(dialog).getByRole('link', { name: '+31 20 123 4567' }).getAttribute('href')).toBe('tel:+31201234567');
    expect(within(dialog).getByRole('link', { name: 'hello@tidewater.example' }).getAttribute('href')).toBe('mailto:hello@tidewater.example');
    const whatsapp = within(dialog).getByRole('link', { name: /Chat with us on WhatsApp/ });
    expect(whatsapp.getAttribute('href')).toBe('https://wa.me/31201234567');
    expect(whatsapp.getAttribute('target')).toBe('_blank');
    expect(
      within(dialog)
        .getByRole('link', { name: /See our opening hours/ })
        .getAttribute('href'),
    ).toBe('https://tidewater.example/opening-hours');

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('leaves WhatsApp and opening hours out of the contact modal when absent', async () => {
    const { user } = await renderFaq({ ...faq, whatsapp_url: null, opening_hours_url: null });
    await user.click(screen.getByRole('button', { name: 'Show contact details' }));
    const dialog = screen.getByRole('dialog', { name: 'Contact details' });
    expect(
      within(dialog)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['tel:+31201234567', 'mailto:hello@tidewater.example']);
    expect(within(dialog).queryByText('WhatsApp')).toBeNull();
  });
});
