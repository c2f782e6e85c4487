/**
 * Model output and what providers send along with it (citations, search results) are untrusted: a
 * prompt-injected answer or a poisoned search result could carry `javascript:` or `data:` links. Only these schemes,
 * and URLs without a scheme (relative ones), survive; anything else becomes an empty string. The worker applies it
 * to every source before it is stored or streamed, and the browser to every link in an answer's markdown.
 */
const SAFE_SCHEMES: ReadonlySet<string> = new Set(['http', 'https', 'irc', 'ircs', 'mailto', 'xmpp']);

export function filterUrl(url: string): string {
  const colon = url.indexOf(':');
  if (colon === -1) return url;

  // A colon after the first `/`, `?` or `#` belongs to the path, query or fragment: the URL is relative.
  for (const delimiter of ['/', '?', '#']) {
    const position = url.indexOf(delimiter);
    if (position !== -1 && position < colon) return url;
  }

  // The scheme is compared exactly, so a browser's leniency (leading spaces or control characters, tabs inside)
  // cannot turn something that fails here into `javascript:` there.
  return SAFE_SCHEMES.has(url.slice(0, colon).toLowerCase()) ? url : '';
}
