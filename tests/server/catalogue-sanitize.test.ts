import { describe, expect, it } from 'vitest';
import { sanitizeHtml } from '../../server/lib/sanitize-html.ts';

describe('sanitizeHtml', () => {
  it.each([
    [
      'keeps simple formatting',
      '<p>Hi <strong>there</strong>, <em>you</em></p><ul><li>one</li></ul>',
      '<p>Hi <strong>there</strong>, <em>you</em></p><ul><li>one</li></ul>',
    ],
    [
      'keeps headings, quotes and spans',
      '<h3>A</h3><h4>B</h4><blockquote>C</blockquote><span>D</span>',
      '<h3>A</h3><h4>B</h4><blockquote>C</blockquote><span>D</span>',
    ],
    ['drops scripts with their content', '<p>a</p><script>alert(1)</script>', '<p>a</p>'],
    ['drops styles with their content', '<style>p{color:red}</style><p>a</p>', '<p>a</p>'],
    ['drops frames with their content', '<iframe src="https://evil.example">x</iframe><p>a</p>', '<p>a</p>'],
    ['drops images and their handlers', '<img src=x onerror=alert(1)><p>a</p>', '<p>a</p>'],
    ['drops event handlers and styles on kept tags', '<p onclick="x()" style="color:red" class="c">a</p>', '<p>a</p>'],
    ['drops javascript: links, whatever their case', '<a href="JaVaScRiPt:alert(1)">x</a>', '<a>x</a>'],
    ['drops data: links', '<a href="data:text/html,<script>alert(1)</script>">x</a>', '<a>x</a>'],
    ['drops protocol-relative links', '<a href="//evil.example">x</a>', '<a>x</a>'],
    [
      'keeps http, https, mailto and tel links',
      '<a href="https://a.example" title="t">a</a><a href="mailto:a@b.example">m</a><a href="tel:+31201234567">t</a>',
      '<a href="https://a.example" title="t">a</a><a href="mailto:a@b.example">m</a><a href="tel:+31201234567">t</a>',
    ],
    [
      'adds noopener to links that open a new tab',
      '<a href="https://a.example" target="_blank">a</a>',
      '<a href="https://a.example" target="_blank" rel="noopener noreferrer">a</a>',
    ],
    ['escapes stray text', 'Fish & chips <3', 'Fish &amp; chips &lt;3'],
  ])('%s', (_name, dirty, clean) => {
    expect(sanitizeHtml(dirty)).toBe(clean);
  });

  it.each([null, undefined, '', '   ', '<script>alert(1)</script>'])('answers null for nothing to show (%j)', (dirty) => {
    expect(sanitizeHtml(dirty)).toBeNull();
  });
});
