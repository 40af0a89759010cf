/**
 * HtmlContent sanitises rich text in the browser too (src/components/sanitize-rich-text.ts), with
 * the allow-list the API uses (src/domain/rich-text.ts): an answer that did not pass the API's
 * sanitiser (a cache, a proxy, a tampered response) still runs no script.
 */
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { HtmlContent } from '../../../src/components/html-content.tsx';
import { MAX_DEPTH, sanitizeRichText } from '../../../src/components/sanitize-rich-text.ts';
import { isAllowedHref } from '#domain/rich-text.ts';

describe('sanitizeRichText', () => {
  it('keeps simple formatting and ordinary links', () => {
    const html =
      '<p>Open <strong>daily</strong>, see <a href="https://zoo.example/map" title="Map">the map</a> or <a href="/faq">FAQ</a>.</p><ul><li>one</li></ul>';
    expect(sanitizeRichText(html)).toBe(html);
  });

  it('drops scripts, frames and form state with their content, and unwraps unknown tags', () => {
    expect(sanitizeRichText('<p>a<script>alert(1)</script>b</p><iframe src="https://evil.example"></iframe><style>p{}</style>')).toBe('<p>ab</p>');
    expect(sanitizeRichText('<div><section>kept <font color="red">text</font></section></div>')).toBe('kept text');
    expect(sanitizeRichText('<p>x<!-- a comment --></p><template><img src=x onerror=alert(1)></template>')).toBe('<p>x</p>');
  });

  it('removes event handlers, styles and unsafe addresses', () => {
    expect(sanitizeRichText('<p onclick="alert(1)" style="color:red">hi</p>')).toBe('<p>hi</p>');
    expect(sanitizeRichText('<img src=x onerror="alert(1)">')).toBe('');
    for (const href of [
      'javascript:alert(1)',
      'JaVa\tScRiPt:alert(1)',
      ' javascript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      '//evil.example',
      '/\\evil.example',
    ]) {
      expect(sanitizeRichText(`<a href="${href.replaceAll('"', '&quot;')}">x</a>`), href).toBe('<a>x</a>');
    }
  });

  it('adds rel=noopener noreferrer to links that open a new tab', () => {
    expect(sanitizeRichText('<a href="https://zoo.example" target="_blank" rel="opener">x</a>')).toBe(
      '<a href="https://zoo.example" target="_blank" rel="noopener noreferrer">x</a>',
    );
  });
});

describe('sanitizeRichText against parser tricks', () => {
  it('drops SVG and MathML with their content: foreign content re-parses differently', () => {
    expect(sanitizeRichText('<p>a<svg><title>t</title><desc>d</desc></svg>b</p>')).toBe('<p>ab</p>');
    for (const html of [
      '<p>a<svg><p><style><img src=x onerror=alert(1)></style></p></svg>b</p>',
      '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
      '<form><math><mtext></form><form><mglyph><style></math><img src onerror=alert(1)>',
      '<svg><foreignObject><p>x<img src=x onerror=alert(1)></p></foreignObject></svg>',
    ]) {
      const once = sanitizeRichText(html);
      expect(once, html).not.toMatch(/<img|<style|<svg|<math|onerror/);
      expect(sanitizeRichText(once), html).toBe(once);
    }
  });

  it('gives the same markup when its own output is sanitised again', () => {
    for (const html of [
      '<p>a<b>b<i>c</p>d</i>e',
      '<ul><li>one<li>two</ul><p>x<blockquote>y</blockquote>',
      '<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>',
      '<a href="https://zoo.example" target="_top">x</a>',
    ]) {
      const once = sanitizeRichText(html);
      expect(sanitizeRichText(once), html).toBe(once);
      expect(once, html).not.toMatch(/<img|onerror|target="_top"/);
    }
  });

  it('keeps only the text of markup nested deeper than it walks', () => {
    const deep = `${'<span>'.repeat(MAX_DEPTH + 50)}<img src=x onerror=alert(1)>deep<strong>text</strong>${'</span>'.repeat(MAX_DEPTH + 50)}`;
    const clean = sanitizeRichText(deep);
    expect(clean).not.toContain('<img');
    expect(clean).not.toContain('<strong>');
    expect(clean).toContain('deeptext');
  });
});

describe('isAllowedHref', () => {
  it('allows relative addresses and the rich-text schemes only', () => {
    expect(['/faq', 'faq#top', 'https://a.example', 'http://a.example', 'mailto:zoo@example.test', 'tel:+31201234567'].every(isAllowedHref)).toBe(true);
    expect(['javascript:x', 'vbscript:x', 'data:x', 'file:///etc/passwd', '//a.example'].some(isAllowedHref)).toBe(false);
  });
});

describe('HtmlContent', () => {
  it('renders sanitised markup', () => {
    const { container } = render(<HtmlContent html={'<p>Hello<img src="x" onerror="window.hacked=1"></p><script>window.hacked=1</script>'} />);
    expect(container.innerHTML).toBe('<div class="html-content"><p>Hello</p></div>');
    expect((window as { hacked?: number }).hacked).toBeUndefined();
  });
});
