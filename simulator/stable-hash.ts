/**
 * FNV-1a: a tiny stable hash. Simulated answers and the pages they cite are seeded from the prompt with it, so the
 * same prompt always gets the same output, in every process.
 */
export function hashText(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}
