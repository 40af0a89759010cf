import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { Modal } from '../../../src/components/modal.tsx';
import { prepareI18n } from './render-with-shop.tsx';

function Harness({ withField = false, onClose }: { withField?: boolean; onClose?: () => void }) {
  const [open, setOpen] = useState(false);
  const close = () => {
    onClose?.();
    setOpen(false);
  };
  return (
    <div data-testid="page">
      <button type="button" onClick={() => setOpen(true)}>
        Open details
      </button>
      <Modal
        open={open}
        onClose={close}
        title="Opening hours"
        footer={
          <button type="button" onClick={close}>
            Done
          </button>
        }
      >
        {withField ? <input aria-label="Order number" /> : <p>Every day from 10:00.</p>}
        <a href="/faq">Read the FAQ</a>
      </Modal>
    </div>
  );
}

async function openModal(props: Parameters<typeof Harness>[0] = {}) {
  const user = userEvent.setup();
  render(<Harness {...props} />);
  const opener = screen.getByRole('button', { name: 'Open details' });
  await user.click(opener);
  return { user, opener, dialog: screen.getByRole('dialog', { name: 'Opening hours' }) };
}

beforeAll(prepareI18n);

describe('Modal', () => {
  it('renders nothing while closed', () => {
    render(
      <Modal open={false} onClose={() => undefined} title="Hidden">
        content
      </Modal>,
    );
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('is a labelled modal dialog in a portal that takes focus and locks the page scroll', async () => {
    const { dialog } = await openModal();

    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(document.getElementById(dialog.getAttribute('aria-labelledby') ?? '')?.textContent).toBe('Opening hours');
    expect(screen.getByTestId('page').contains(dialog)).toBe(false);
    expect(document.activeElement).toBe(dialog);
    expect(document.body.style.overflow).toBe('hidden');
    // The × button is named by the common namespace.
    expect(within(dialog).getByRole('button', { name: 'Close' })).toBeTruthy();
  });

  it('moves focus to the first form field when it holds a form', async () => {
    const { dialog } = await openModal({ withField: true });
    expect(document.activeElement).toBe(within(dialog).getByRole('textbox', { name: 'Order number' }));
  });

  it('traps Tab and Shift+Tab inside the dialog', async () => {
    const { user, dialog } = await openModal();
    const close = within(dialog).getByRole('button', { name: 'Close' });
    const link = within(dialog).getByRole('link', { name: 'Read the FAQ' });
    const done = within(dialog).getByRole('button', { name: 'Done' });

    await user.tab();
    expect(document.activeElement).toBe(close);
    await user.tab();
    expect(document.activeElement).toBe(link);
    await user.tab();
    expect(document.activeElement).toBe(done);
    await user.tab();
    expect(document.activeElement).toBe(close);
    await user.tab({ shift: true });
    expect(document.activeElement).toBe(done);
  });

  it('closes on Escape, returns focus to the opener and unlocks the scroll', async () => {
    const onClose = vi.fn();
    const { user, opener } = await openModal({ onClose });

    await user.keyboard('{Escape}');

    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
    expect(document.body.style.overflow).toBe('');
  });

  it('still answers Escape and Tab when focus has fallen out of it (a button disabled while pending)', async () => {
    const onClose = vi.fn();
    const { user, dialog } = await openModal({ onClose });
    (document.activeElement as HTMLElement).blur();
    expect(document.activeElement).toBe(document.body);

    await user.keyboard('{Tab}');
    expect(dialog.contains(document.activeElement)).toBe(true);

    (document.activeElement as HTMLElement).blur();
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('closes with the × button and returns focus to the opener', async () => {
    const { user, opener, dialog } = await openModal();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('closes on a backdrop click, but not on a click inside the dialog', async () => {
    const { user, dialog } = await openModal();

    await user.click(within(dialog).getByText('Every day from 10:00.'));
    expect(screen.getByRole('dialog')).toBe(dialog);

    await user.click(screen.getByTestId('modal-backdrop'));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('uses a given close label', async () => {
    await prepareI18n();
    render(
      <Modal open onClose={() => undefined} title="Info" closeLabel="Sluiten">
        text
      </Modal>,
    );
    expect(screen.getByRole('button', { name: 'Sluiten' })).toBeTruthy();
  });
});
