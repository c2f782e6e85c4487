import { describe, expect, it } from 'vitest';
import { shortenLinkText } from './link-text.ts';

describe('shortenLinkText', () => {
  it('leaves text of up to 50 characters alone', () => {
    expect(shortenLinkText('https://example.com')).toBe('https://example.com');
    expect(shortenLinkText('x'.repeat(50))).toBe('x'.repeat(50));
  });

  it('keeps the first 50 characters of longer text and adds an ellipsis', () => {
    const url = `https://example.com/${'segment/'.repeat(10)}`;
    expect(shortenLinkText(url)).toBe(`${url.slice(0, 50)}…`);
    expect(shortenLinkText('x'.repeat(51))).toBe(`${'x'.repeat(50)}…`);
  });

  it('counts characters, so emoji are neither split nor counted twice', () => {
    expect(shortenLinkText('😀'.repeat(50))).toBe('😀'.repeat(50));
    expect(shortenLinkText('😀'.repeat(51))).toBe(`${'😀'.repeat(50)}…`);
  });
});
