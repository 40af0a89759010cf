import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OrderPayment } from '#domain/contracts/orders.ts';
import { dispatchPayment, paymentKey, paymentPaths } from '../../../src/payments/dispatcher.ts';
import { redirectPayment } from '../../../src/payments/redirect.ts';

const payment = (extra: Partial<OrderPayment>): OrderPayment => ({
  type: 'REDIRECT',
  gateway: 'test',
  hash: 'h-1',
  transaction: { response: { url: 'https://pay.example/h-1' } },
  ...extra,
});

afterEach(() => vi.restoreAllMocks());

describe('payment dispatcher', () => {
  it.each([
    [payment({}), 'REDIRECT'],
    [payment({ transaction: false }), 'none'],
    [payment({ type: 'FORM' }), 'FORM'],
    [payment({ type: 'CUSTOM', gateway: 'stripe' }), 'CUSTOM:stripe'],
  ])('keys %j as %s', (input, key) => {
    expect(paymentKey(input)).toBe(key);
  });

  it('registers only the paths that exist so far', () => {
    expect(Object.keys(paymentPaths).sort()).toEqual(['CUSTOM:paypal', 'CUSTOM:stripe', 'FORM', 'REDIRECT', 'none']);
  });

  it('sends a REDIRECT payment to its address', () => {
    const leaveTo = vi.spyOn(redirectPayment, 'leaveTo').mockImplementation(() => undefined);
    const navigate = vi.fn();
    expect(dispatchPayment(payment({}), { navigate, fail: vi.fn() })).toEqual({ ok: true });
    expect(leaveTo).toHaveBeenCalledWith('https://pay.example/h-1');
    expect(navigate).not.toHaveBeenCalled();
  });

  it('refuses a REDIRECT without an address', () => {
    const leaveTo = vi.spyOn(redirectPayment, 'leaveTo').mockImplementation(() => undefined);
    expect(dispatchPayment(payment({ transaction: { response: {} } }), { navigate: vi.fn(), fail: vi.fn() })).toEqual({ ok: false, key: 'REDIRECT' });
    expect(leaveTo).not.toHaveBeenCalled();
  });

  it('goes to the return page when there is nothing to pay, whatever the type', () => {
    const navigate = vi.fn();
    expect(dispatchPayment(payment({ type: 'CUSTOM', transaction: false, hash: 'a/b' }), { navigate, fail: vi.fn() })).toEqual({ ok: true });
    expect(navigate).toHaveBeenCalledWith('/checkout/return/a%2Fb');
  });

  it('answers not ok for a payment no path handles', () => {
    expect(dispatchPayment(payment({ type: 'CUSTOM', gateway: 'klarna' }), { navigate: vi.fn(), fail: vi.fn() })).toEqual({ ok: false, key: 'CUSTOM:klarna' });
    // A FORM payment without its markup cannot be run either.
    expect(dispatchPayment(payment({ type: 'FORM' }), { navigate: vi.fn(), fail: vi.fn() })).toEqual({ ok: false, key: 'FORM' });
  });
});

const base64 = (text: string) => btoa(String.fromCharCode(...new TextEncoder().encode(text)));

describe('the FORM path', () => {
  afterEach(() => {
    vi.useRealTimers();
    document.querySelectorAll('.payment-form').forEach((holder) => holder.remove());
  });

  it('puts the decoded form into the page and clicks its submit button after 250 ms', () => {
    vi.useFakeTimers();
    const clicks: string[] = [];
    vi.spyOn(HTMLButtonElement.prototype, 'click').mockImplementation(function (this: HTMLButtonElement) {
      clicks.push(this.form?.action ?? '');
    });
    const markup =
      '<form method="post" action="https://bank.example/pay"><input type="hidden" name="ref" value="Café"><button type="submit">Pay</button></form>';
    const result = dispatchPayment(payment({ type: 'FORM', transaction: { response: { form: base64(markup) } } }), { navigate: vi.fn(), fail: vi.fn() });

    expect(result).toEqual({ ok: true });
    const form = document.querySelector<HTMLFormElement>('.payment-form form');
    expect(form?.action).toBe('https://bank.example/pay');
    expect(form?.querySelector<HTMLInputElement>('input[name="ref"]')?.value).toBe('Café');
    vi.advanceTimersByTime(249);
    expect(clicks).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(clicks).toEqual(['https://bank.example/pay']);
  });

  it.each([
    ['markup that is not base64', '%%%'],
    ['markup without a form', base64('<p>no form here</p>')],
  ])('refuses %s', (_case, form) => {
    expect(dispatchPayment(payment({ type: 'FORM', transaction: { response: { form } } }), { navigate: vi.fn(), fail: vi.fn() })).toEqual({
      ok: false,
      key: 'FORM',
    });
    expect(document.querySelector('.payment-form')).toBeNull();
  });
});
