import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '../msw-server.ts';
import { organisation, startupHandlers } from './fixtures.ts';
import { renderApp } from './render-app.tsx';

describe('language switcher', () => {
  it('lists the five languages by their own names', async () => {
    server.use(...startupHandlers());
    await renderApp('/404');

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
    const { user } = await renderApp('/404');

    const select = await screen.findByRole('combobox', { name: 'Language' });
    await user.selectOptions(select, 'nl');

    expect(await screen.findByRole('heading', { level: 1, name: 'Pagina niet gevonden' })).toBeTruthy();
    const banner = screen.getByRole('banner');
    expect(within(banner).getByRole('link', { name: 'Kalender' })).toBeTruthy();
    expect(within(banner).getByRole('link', { name: 'Tidewater Dierentuin' })).toBeTruthy();
    // The same element: the app was not taken down to the loading screen and rebuilt.
    expect(screen.getByRole('combobox', { name: 'Taal' })).toBe(select);
    expect(select).toHaveProperty('value', 'nl');
    expect(organisationLanguages).toEqual(['en', 'nl']);
    expect(localStorage.getItem('shop.language')).toBe('nl');
    expect(document.documentElement.lang).toBe('nl');
    expect(document.title).toBe('Pagina niet gevonden · Tidewater Dierentuin');
  });

  it('does not switch on arrow keys: the choice is applied on Enter, or when the select is left', async () => {
    const organisationLanguages: string[] = [];
    server.use(
      http.get('*/api/organisation', ({ request }) => {
        organisationLanguages.push(request.headers.get('accept-language') ?? '');
        return HttpResponse.json(organisation);
      }),
      ...startupHandlers(),
    );
    await renderApp('/404');
    const select = await screen.findByRole('combobox', { name: 'Language' });

    // A closed select fires change at each arrow press (Chromium on Linux and Windows).
    fireEvent.keyDown(select, { key: 'ArrowDown' });
    fireEvent.change(select, { target: { value: 'nl' } });
    fireEvent.keyDown(select, { key: 'ArrowDown' });
    fireEvent.change(select, { target: { value: 'es' } });
    expect(select).toHaveProperty('value', 'es');
    expect(document.documentElement.lang).toBe('en');
    expect(screen.getByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();

    fireEvent.keyDown(select, { key: 'ArrowUp' });
    fireEvent.change(select, { target: { value: 'nl' } });
    fireEvent.keyDown(select, { key: 'Enter' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Pagina niet gevonden' })).toBeTruthy();
    expect(organisationLanguages).toEqual(['en', 'nl']);

    fireEvent.keyDown(select, { key: 'End' });
    fireEvent.change(select, { target: { value: 'fr' } });
    expect(document.documentElement.lang).toBe('nl');
    fireEvent.blur(select);
    await waitFor(() => expect(document.documentElement.lang).toBe('fr'));
    expect(organisationLanguages).toEqual(['en', 'nl', 'fr']);
  });
});
