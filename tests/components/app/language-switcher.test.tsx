import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '../msw-server.ts';
import { organisation, startupHandlers } from './fixtures.ts';
import { renderApp } from './render-app.tsx';

describe('language switcher', () => {
  it('lists the five languages by their own names', async () => {
    server.use(...startupHandlers());
    await renderApp('/calendar');

    const select = await screen.findByRole('combobox', { name: 'Language' });
    const names = within(select)
      .getAllByRole('option')
      .map((option) => option.textContent);
    expect(names).toEqual(['English', 'Nederlands', 'Español', 'Deutsch', 'Français']);
    expect((select as HTMLSelectElement).value).toBe('en');
  });

  it('switches the texts and the start-up data to the chosen language and remembers it', async () => {
    const organisationLanguages: string[] = [];
    server.use(
      http.get('*/api/organisation', ({ request }) => {
        const language = request.headers.get('accept-language') ?? '';
        organisationLanguages.push(language);
        return HttpResponse.json({ ...organisation, name: language === 'nl' ? 'Tidewater Dierentuin' : organisation.name });
      }),
      ...startupHandlers(),
    );
    const { user } = await renderApp('/calendar');

    const select = await screen.findByRole('combobox', { name: 'Language' });
    await user.selectOptions(select, 'nl');

    expect(await screen.findByRole('heading', { level: 1, name: 'Binnenkort beschikbaar' })).toBeTruthy();
    const banner = screen.getByRole('banner');
    expect(within(banner).getByRole('link', { name: 'Kalender' })).toBeTruthy();
    expect(within(banner).getByRole('link', { name: 'Tidewater Dierentuin' })).toBeTruthy();
    // The same element: the app was not taken down to the loading screen and rebuilt.
    expect(screen.getByRole('combobox', { name: 'Taal' })).toBe(select);
    expect(select).toHaveProperty('value', 'nl');
    expect(organisationLanguages).toEqual(['en', 'nl']);
    expect(localStorage.getItem('shop.language')).toBe('nl');
    expect(document.documentElement.lang).toBe('nl');
    expect(document.title).toBe('Binnenkort beschikbaar · Tidewater Dierentuin');
  });
});
