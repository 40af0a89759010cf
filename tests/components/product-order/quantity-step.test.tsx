import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { useCartStore } from '../../../src/lib/cart-store.ts';
import { renderFlow, resetStores } from './flow-harness.tsx';
import { aquarium, productOf, schoolVisit, serveOrderApi } from './order-fixtures.ts';

beforeEach(resetStores);

const nextButton = () => screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement;

describe('quantity step', () => {
  it('stops at the available amount and says what the maximum is', async () => {
    const scarce = productOf(8, 'scarce', 'Scarce tour', { min_quantity: 1, max_quantity: 10, availability: 3 });
    serveOrderApi({ products: [scarce] });
    const view = await renderFlow('/product/8/scarce');
    const more = await screen.findByRole('button', { name: 'More: Tickets' });
    for (let press = 0; press < 5; press += 1) await view.user.click(more);
    expect(useCartStore.getState().current?.quantity).toBe(3);
    expect(more.getAttribute('aria-disabled')).toBe('true');
    expect(screen.getByText('Maximum reached: at most 3 tickets can be booked.')).toBeTruthy();
  });

  it('tells the minimum, books it on the first press and drops to 0 below it', async () => {
    const group = productOf(9, 'group', 'Group tour', { min_quantity: 4, max_quantity: 10 });
    serveOrderApi({ products: [group] });
    const view = await renderFlow('/product/9/group');
    expect(await screen.findByText('The minimum order is 4 tickets.')).toBeTruthy();
    await view.user.click(screen.getByRole('button', { name: 'More: Tickets' }));
    expect(useCartStore.getState().current?.quantity).toBe(4);
    await view.user.click(screen.getByRole('button', { name: 'Fewer: Tickets' }));
    expect(useCartStore.getState().current?.quantity).toBe(0);
    expect(nextButton().disabled).toBe(true);
  });

  it('shows fixed-quantity audiences read-only and hides hidden audiences', async () => {
    serveOrderApi({ products: [schoolVisit] });
    await renderFlow('/product/5/school-group-visit');
    const teacher = await screen.findByRole('group', { name: 'Teacher' });
    expect(within(teacher).queryAllByRole('button')).toEqual([]);
    expect(within(teacher).getByText('1')).toBeTruthy();
    expect(screen.queryByRole('group', { name: 'Staff' })).toBeNull();
    expect(screen.getByRole('group', { name: 'Pupil' })).toBeTruthy();
    expect(screen.getByText('The minimum order is 10 tickets.')).toBeTruthy();
  });

  it('is not ready with a dependant child alone', async () => {
    serveOrderApi({ products: [aquarium] });
    const view = await renderFlow('/product/1/aquarium-entry');
    await view.user.click(await screen.findByRole('button', { name: 'More: Child (4-12)' }));
    expect(nextButton().disabled).toBe(true);
    expect(screen.getByText(/Add at least one ticket that may be booked on its own/)).toBeTruthy();
    await view.user.click(screen.getByRole('button', { name: 'More: Adult' }));
    expect(nextButton().disabled).toBe(false);
    expect(useCartStore.getState().current?.audiences).toEqual({ 11: 1, 12: 1 });
  });
});
