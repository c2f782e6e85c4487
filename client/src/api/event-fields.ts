/**
 * Small checks for the JSON data of streamed events. Events arrive as text over SSE or already parsed over the live
 * socket; either way the client checks each field it relies on, since the server may be older or newer than it.
 */

export type Fields = Record<string, unknown>;

export function isFields(value: unknown): value is Fields {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** An SSE `data:` payload as an object, or null when it is not a JSON object. */
export function parseFields(data: string): Fields | null {
  try {
    const value: unknown = JSON.parse(data);
    return isFields(value) ? value : null;
  } catch {
    return null;
  }
}

export function hasStrings(fields: Fields, names: readonly string[]): boolean {
  return names.every((name) => typeof fields[name] === 'string');
}

/** A finite, non-negative number: credits, durations, token counts. */
export function isCount(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0;
}
