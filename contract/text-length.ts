/**
 * How long a text is, as Quorum counts it everywhere: in Unicode code points, so an emoji or any other character
 * outside the Basic Multilingual Plane counts once, not as the two UTF-16 units of a JavaScript `.length`. It is how
 * JSON Schema's `maxLength` counts (the app's bodies are validated with it), so a limit checked by hand (`/v1`'s
 * messages) and one checked by a schema (`POST /api/search`'s query) accept exactly the same texts. A lone surrogate
 * counts as one, as it does there.
 */
export function characterCount(text: string): number {
  let count = 0;
  // A string's iterator steps by code point.
  for (const _character of text) count += 1;
  return count;
}
