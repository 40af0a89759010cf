import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ReadMore } from '../../../src/components/read-more.tsx';

const labels = { moreLabel: 'Read more', lessLabel: 'Read less' };

describe('ReadMore, text mode', () => {
  const long = 'The aquarium holds more than four hundred species, from tiny seahorses to the sand tiger sharks in the ocean tank.';

  it('cuts text longer than the limit and toggles it', async () => {
    const user = userEvent.setup();
    render(<ReadMore {...labels} text={long} maxLength={40} />);

    const toggle = screen.getByRole('button', { name: 'Read more' });
    const content = document.getElementById(toggle.getAttribute('aria-controls') ?? '');
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(content?.textContent).toBe('The aquarium holds more than four hundre…');

    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(toggle.textContent).toBe('Read less');
    expect(content?.textContent).toBe(long);

    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(content?.textContent?.endsWith('…')).toBe(true);
  });

  it('shows short text whole, without a toggle (default limit 100 characters)', () => {
    render(<ReadMore {...labels} text={'x'.repeat(100)} />);
    expect(screen.getByText('x'.repeat(100))).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });
});

describe('ReadMore, height mode', () => {
  // jsdom does no layout: the content's height is whatever the test says.
  let contentHeight = 0;
  beforeEach(() => {
    Object.defineProperty(HTMLElement.prototype, 'scrollHeight', { configurable: true, get: () => contentHeight });
  });
  afterEach(() => {
    delete (HTMLElement.prototype as { scrollHeight?: number }).scrollHeight;
  });

  it('collapses content taller than 100 px and toggles it', async () => {
    contentHeight = 240;
    const user = userEvent.setup();
    render(
      <ReadMore {...labels}>
        <p>A long description</p>
      </ReadMore>,
    );

    const toggle = screen.getByRole('button', { name: 'Read more' });
    const content = document.getElementById(toggle.getAttribute('aria-controls') ?? '');
    expect(content?.contains(screen.getByText('A long description'))).toBe(true);
    expect(content?.style.maxHeight).toBe('100px');
    expect(toggle.getAttribute('aria-expanded')).toBe('false');

    await user.click(toggle);
    expect(content?.style.maxHeight).toBe('');
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(toggle.textContent).toBe('Read less');
  });

  it('leaves content of 100 px or less alone', () => {
    contentHeight = 100;
    render(
      <ReadMore {...labels}>
        <p>A short description</p>
      </ReadMore>,
    );
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('honours another threshold', () => {
    contentHeight = 120;
    render(
      <ReadMore {...labels} maxHeight={150}>
        <p>Fits in 150 px</p>
      </ReadMore>,
    );
    expect(screen.queryByRole('button')).toBeNull();
  });
});
