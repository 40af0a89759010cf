/**
 * Illustrations come from the configured illustration service, and from the bundled defaults
 * (public/illustrations) when none is configured or the service's image does not load.
 */
import { fireEvent, render } from '@testing-library/react';
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { Illustration } from '../../../src/components/illustration.tsx';
import { ILLUSTRATIONS, illustrationUrl } from '../../../src/lib/illustrations.ts';

const image = (container: HTMLElement) => container.querySelector('img') as HTMLImageElement;

describe('Illustration', () => {
  it('is served by the configured service, and falls back to the bundled default when it does not load', () => {
    const { container } = render(<Illustration name="contact" base="https://illustrations.example/shop/" />);
    expect(image(container).getAttribute('src')).toBe('https://illustrations.example/shop/contact.svg');
    fireEvent.error(image(container));
    expect(image(container).getAttribute('src')).toBe('/illustrations/contact.svg');
  });

  it('uses the bundled default without a service, is decorative and keeps its box', () => {
    const { container } = render(<Illustration name="rebook" base={null} />);
    const img = image(container);
    expect(img.getAttribute('src')).toBe('/illustrations/rebook.svg');
    expect(img.getAttribute('alt')).toBe('');
    expect(img.getAttribute('width')).toBe('160');
    expect(img.getAttribute('height')).toBe('120');
  });

  it('bundles a default for every illustration the shop shows', () => {
    for (const name of ILLUSTRATIONS) expect(existsSync(`public${illustrationUrl(name, null)}`), name).toBe(true);
  });
});
