/**
 * Gemini-only outcomes a test can script through the prompt, next to the shared `[[simulate …]]` directives:
 * `[[gemini prompt-blocked=SAFETY]]` answers like a prompt the safety filters stopped (no candidates, only
 * `promptFeedback.blockReason`), and `[[gemini finish-reason=MAX_TOKENS]]` ends the answer with that reason instead
 * of `STOP` (a blocking reason such as `SAFETY` also withholds the final chunk's content, as the API does).
 */
export interface GeminiScript {
  promptBlocked?: string;
  finishReason?: string;
}

export type GeminiDirectiveResult = { ok: true; script: GeminiScript; prompt: string } | { ok: false; message: string };

const allowedValues: Record<string, readonly string[]> = {
  'prompt-blocked': ['SAFETY', 'OTHER', 'BLOCKLIST', 'PROHIBITED_CONTENT'],
  'finish-reason': ['STOP', 'MAX_TOKENS', 'SAFETY', 'RECITATION', 'LANGUAGE', 'OTHER', 'BLOCKLIST', 'PROHIBITED_CONTENT', 'SPII'],
};

/** Finish reasons for which the API drops the blocked content from the chunk. */
export const contentWithholdingReasons: ReadonlySet<string> = new Set(['SAFETY', 'RECITATION', 'BLOCKLIST', 'PROHIBITED_CONTENT', 'SPII']);

const directivePattern = /\[\[gemini(?:\s+([^\]]*?))?\s*\]\]/g;

export function parseGeminiDirectives(message: string): GeminiDirectiveResult {
  const script: GeminiScript = {};
  for (const match of message.matchAll(directivePattern)) {
    for (const token of (match[1] ?? '').split(/\s+/).filter((part) => part !== '')) {
      const [key = '', value = ''] = token.split('=', 2);
      const allowed = allowedValues[key];
      if (!allowed) return { ok: false, message: `Invalid gemini directive "${token}": known keys are ${Object.keys(allowedValues).join(', ')}` };
      if (!allowed.includes(value)) {
        return { ok: false, message: `Invalid gemini directive "${key}": expected one of ${allowed.join(', ')}, got "${value}"` };
      }
      if (key === 'prompt-blocked') script.promptBlocked = value;
      else script.finishReason = value;
    }
  }
  const remaining = message.replace(directivePattern, ' ');
  if (remaining.includes('[[gemini')) return { ok: false, message: 'Invalid gemini directive: not closed with "]]"' };
  return { ok: true, script, prompt: remaining.replace(/\s+/g, ' ').trim() };
}
