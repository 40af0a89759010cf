/** Spec section 9's read-more at 100 characters: one cut for every text (src/domain/rich-text.ts). */
import { describe, expect, it } from 'vitest';
import { cutText, plainText, READ_MORE_LENGTH } from '#domain/rich-text.ts';

describe('cutText', () => {
  it('keeps a text of the limit whole and cuts a longer one to the limit plus an ellipsis', () => {
    expect(READ_MORE_LENGTH).toBe(100);
    expect(cutText('a'.repeat(100), READ_MORE_LENGTH)).toEqual({ text: 'a'.repeat(100), cut: false });
    expect(cutText('a'.repeat(101), READ_MORE_LENGTH)).toEqual({ text: `${'a'.repeat(100)}…`, cut: true });
  });

  it('counts characters, not UTF-16 units, and trims the space before the ellipsis', () => {
    expect(cutText('🦈🦈🦈', 2)).toEqual({ text: '🦈🦈…', cut: true });
    expect(cutText('sharks and rays', 7)).toEqual({ text: 'sharks…', cut: true });
  });

  it('reads the text of rich descriptions', () => {
    expect(plainText('<p>Short &amp; <b>sweet</b></p>\n<p>again</p>')).toBe('Short & sweet again');
  });
});
