/**
 * `record[key]`, but only when `key` is the record's own: engine and model ids come from stored requests, the URL
 * and local storage, and an id like `constructor` must find nothing rather than Object's own function (which
 * then breaks the page the moment it is used as an engine).
 */
export function ownEntry<T>(record: Readonly<Record<string, T>> | null | undefined, key: string): T | undefined {
  return record && Object.hasOwn(record, key) ? record[key] : undefined;
}
