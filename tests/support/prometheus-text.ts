/**
 * Reads one sample out of Prometheus's text format: the value of `name` whose labels include every one of
 * `labels` (other labels, such as `role`, may be present). Undefined when no such sample was exposed.
 */
export function sampleValue(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    if (line.startsWith('#')) continue;
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})?\s+(\S+)/.exec(line);
    if (!match || match[1] !== name) continue;
    const present = Object.fromEntries([...(match[2] ?? '').matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g)].map((pair) => [pair[1], pair[2]]));
    if (Object.entries(labels).every(([key, value]) => present[key] === value)) return Number(match[3]);
  }
  return undefined;
}

/** Like `sampleValue`, with a missing sample read as 0 (a counter nobody has incremented yet is not exposed). */
export function counterValue(text: string, name: string, labels: Record<string, string> = {}): number {
  return sampleValue(text, name, labels) ?? 0;
}
