import { describe, expect, it } from 'vitest';
import { filterUrl } from './safe-url.ts';

describe('filterUrl', () => {
  it.each([
    'https://example.com/path?q=1#top',
    'http://example.com',
    'HTTPS://EXAMPLE.COM',
    'mailto:someone@example.com',
    'irc://irc.libera.chat/quorum',
    'ircs://irc.libera.chat/quorum',
    'xmpp:someone@example.com',
  ])('keeps %s', (url) => {
    expect(filterUrl(url)).toBe(url);
  });

  it.each(['/docs/answer', 'docs/answer', '../up', '?page=2', '#section', '/path/with:colon', '?q=a:b', '#a:b', ''])(
    'keeps the relative URL %j',
    (url) => {
      expect(filterUrl(url)).toBe(url);
    },
  );

  it.each([
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    ' javascript:alert(1)',
    'java\tscript:alert(1)',
    'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
    'vbscript:msgbox(1)',
    'file:///etc/passwd',
    'ftp://example.com/file',
    'blob:https://example.com/uuid',
    ':no-scheme',
  ])('empties %j', (url) => {
    expect(filterUrl(url)).toBe('');
  });
});
