/**
 * Google's front end spells JSON two ways, and clients that log or diff raw bytes see the difference:
 * server-sent events carry one line per chunk with a space after each colon but none after commas
 * (`{"candidates": [{"content": {"parts": [{"text": "Hi"}],"role": "model"}}]}`), while plain JSON responses and
 * error bodies are pretty-printed with two-space indentation and a trailing newline.
 */
export function sseJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map((item: unknown) => sseJson(item ?? null)).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    const entries = Object.entries(value).filter(([, item]) => item !== undefined);
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}: ${sseJson(item)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

export function prettyJson(value: unknown): string {
  return `${JSON.stringify(value, null, 2)}\n`;
}
