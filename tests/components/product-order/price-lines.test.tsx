/**
 * The cart's discount mode (spec section 4, Cart: set by the last applied code, NONE when none
 * remain) names the discount line: a gift card's credit or a coupon's discount.
 */
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { discountModeOf } from '#domain/order/discount-mode.ts';
import { PriceLines } from '../../../src/features/product-order/components/price-lines.tsx';
import { renderWithShop } from '../components/render-with-shop.tsx';

const totals = { product: 30, upsell: 0, subtotal: 30, discount: 5, additions: 0, total: 25 };

describe('the discount line', () => {
  it.each([
    [[{ code: 'SUMMER10', kind: 'COUPON' as const }], 'Discount'],
    [[{ code: 'GIFT-DEMO-2500', kind: 'VOUCHER' as const }], 'Gift card'],
    [
      [
        { code: 'GIFT-DEMO-2500', kind: 'VOUCHER' as const },
        { code: 'SUMMER10', kind: 'COUPON' as const },
      ],
      'Discount',
    ],
    [
      [
        { code: 'SUMMER10', kind: 'COUPON' as const },
        { code: 'GIFT-DEMO-2500', kind: 'VOUCHER' as const },
      ],
      'Gift card',
    ],
  ])('is named by the last applied code (%#)', async (codes, label) => {
    await renderWithShop({ '/': <PriceLines totals={totals} discountMode={discountModeOf(codes)} /> }, { path: '/' });
    const term = screen.getByText(label, { selector: 'dt' });
    expect(term.nextElementSibling?.textContent).toMatch(/5\.00/);
  });
});
