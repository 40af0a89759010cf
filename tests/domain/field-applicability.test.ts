import { describe, expect, it } from 'vitest';
import { fieldApplies, type Applicability, type CartItems } from '#domain/field-applicability.ts';

const everywhere: Applicability = { products: [], subscriptions: [], vouchers: [] };
const tourOnly: Applicability = { products: [4], subscriptions: [], vouchers: [] };
const passOrTour: Applicability = { products: [4], subscriptions: [2], vouchers: [] };

const cart = (items: Partial<CartItems>): CartItems => ({ products: [], subscriptions: [], vouchers: [], ...items });

describe('fieldApplies', () => {
  it.each<[string, Applicability, CartItems, boolean]>([
    ['a field with no lists applies to a product', everywhere, cart({ products: [1] }), true],
    ['a field with no lists applies to a voucher', everywhere, cart({ vouchers: [1] }), true],
    ['a product field applies when that product is in the cart', tourOnly, cart({ products: [1, 4] }), true],
    ['a product field does not apply to other products', tourOnly, cart({ products: [1] }), false],
    ['a product field does not apply to subscriptions', tourOnly, cart({ subscriptions: [1] }), false],
    ['a product field does not apply to vouchers', tourOnly, cart({ vouchers: [1] }), false],
    ['a field listing a subscription applies to it', passOrTour, cart({ subscriptions: [2] }), true],
    ['a field listing a subscription does not apply to another one', passOrTour, cart({ subscriptions: [3] }), false],
    ['nothing in the cart, a listed field applies to nothing', tourOnly, cart({}), false],
  ])('%s', (_name, field, items, expected) => {
    expect(fieldApplies(field, items)).toBe(expected);
  });
});
