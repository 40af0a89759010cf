import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { beforeAll, describe, expect, it } from 'vitest';
import { ItemCard, type ItemCardProps } from '../../../src/components/item-card.tsx';
import { prepareI18n } from './render-with-shop.tsx';

const base: ItemCardProps = {
  title: 'Aquarium entry',
  href: '/product/1/aquarium-entry',
  actionText: 'Book tickets',
  image: '/images/aquarium-entry.svg',
  label: 'Popular',
  price: 'from €9.50',
  descriptionHtml: '<p>See the <strong>sharks</strong>.</p>',
};

function renderCard(props: Partial<ItemCardProps>) {
  render(
    <MemoryRouter>
      <ItemCard {...base} {...props} />
    </MemoryRouter>,
  );
  return screen.getByRole('article', { name: 'Aquarium entry' });
}

beforeAll(prepareI18n);

describe('ItemCard', () => {
  it('shows image, label, title, price and the link to the item', () => {
    const card = renderCard({ descriptionDisplay: { kind: 'read-more', moreLabel: 'Read more', lessLabel: 'Read less' } });
    expect(within(card).getByRole('heading', { level: 3, name: 'Aquarium entry' })).toBeTruthy();
    expect(card.querySelector('img')?.getAttribute('src')).toBe('/images/aquarium-entry.svg');
    expect(within(card).getByText('Popular')).toBeTruthy();
    expect(within(card).getByText('from €9.50')).toBeTruthy();
    expect(within(card).getByText('sharks').tagName).toBe('STRONG');
    // The link names its item, so a list of links read out of context still says where each goes.
    const link = within(card).getByRole('link', { name: 'Book tickets: Aquarium entry' });
    expect(link.getAttribute('href')).toBe('/product/1/aquarium-entry');
  });

  it('opens the information modal with image, title and full description', async () => {
    const user = userEvent.setup();
    const card = renderCard({ descriptionDisplay: { kind: 'modal', infoLabel: 'More info', closeLabel: 'Close' } });
    expect(within(card).queryByText('sharks')).toBeNull();

    await user.click(within(card).getByRole('button', { name: 'More info' }));

    const dialog = await screen.findByRole('dialog', { name: 'Aquarium entry' });
    expect(within(dialog).getByText('sharks').tagName).toBe('STRONG');
    expect(dialog.querySelector('img')?.getAttribute('src')).toBe('/images/aquarium-entry.svg');
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('has no information button when the item has no description', () => {
    const card = renderCard({ descriptionHtml: null, descriptionDisplay: { kind: 'modal', infoLabel: 'More info', closeLabel: 'Close' } });
    expect(within(card).queryByRole('button', { name: 'More info' })).toBeNull();
  });
});
