/** The subscription flow's password fields say which rule a password breaks, in the shop's words. */
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { Suspense } from 'react';
import { I18nextProvider } from 'react-i18next';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { passwordProblem } from '#domain/subscription/password.ts';
import { PasswordFields } from '../../../src/features/subscription-order/components/password-fields.tsx';
import { useSubscriptionOrderStore } from '../../../src/features/subscription-order/store.ts';
import { prepareI18n } from '../components/render-with-shop.tsx';

function Fields() {
  const password = useSubscriptionOrderStore((state) => state.password);
  const confirmation = useSubscriptionOrderStore((state) => state.confirmation);
  return <PasswordFields problem={passwordProblem(password, confirmation)} showAllErrors={false} />;
}

beforeAll(prepareI18n);
beforeEach(() => useSubscriptionOrderStore.getState().passwordChanged('', ''));

describe('PasswordFields', () => {
  it('refuses one of the commonest passwords, then takes another', async () => {
    const user = userEvent.setup();
    render(
      <I18nextProvider i18n={i18next}>
        <Suspense fallback={null}>
          <Fields />
        </Suspense>
      </I18nextProvider>,
    );
    await user.type(await screen.findByLabelText(/^Password/), 'Qwerty123');
    expect(await screen.findByText('This password is one of the most common ones and easy to guess. Please choose another.')).toBeTruthy();
    await user.clear(screen.getByLabelText(/^Password/));
    await user.type(screen.getByLabelText(/^Password/), 'kw7-pa-x');
    expect(screen.queryByText(/most common/)).toBeNull();
  });
});
