import type { FastifyInstance, FastifyRequest } from 'fastify';
import { hasUnstorableText } from '../../core/text/index.ts';
import { AppError } from '../../core/errors/index.ts';

/**
 * Every text a caller sends (a question, a brand, a name, an email, a query parameter, a key of a JSON object) is
 * refused with a 400 when it holds a NUL or an unpaired surrogate: Postgres cannot store either, no person types
 * them, and letting them through ends in a 500 somewhere deeper. Newlines and tabs stay allowed. One hook for
 * every route, so endpoints added later are covered without doing anything.
 */
export function installInputTextCheck(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    const field = unstorableField(request);
    if (field !== undefined) {
      throw new AppError('VALIDATION_ERROR', `${field} contains a character that is not allowed (NUL or an unpaired surrogate).`);
    }
  });
}

function unstorableField(request: FastifyRequest): string | undefined {
  for (const [where, value] of [
    ['body', request.body],
    ['query', request.query],
    ['params', request.params],
  ] as const) {
    const found = findUnstorableText(value);
    if (found !== undefined) return found === '' ? `The request ${where}` : found;
  }
  return undefined;
}

/**
 * The name of the first field (its top-level name) holding unstorable text, '' when it is the value itself, or
 * undefined when all is well. Walks with its own stack: a deeply nested body must not overflow the call stack.
 */
export function findUnstorableText(value: unknown): string | undefined {
  const pending: { value: unknown; field: string }[] = [{ value, field: '' }];
  while (pending.length > 0) {
    const { value: current, field } = pending.pop()!;
    if (typeof current === 'string') {
      if (hasUnstorableText(current)) return field;
    } else if (ArrayBuffer.isView(current)) {
      // A raw body kept as bytes (a signed webhook) is not text of ours: its handler checks what it needs.
      continue;
    } else if (Array.isArray(current)) {
      for (const item of current) pending.push({ value: item, field });
    } else if (typeof current === 'object' && current !== null) {
      for (const [key, item] of Object.entries(current)) {
        const name = field === '' ? key : field;
        if (hasUnstorableText(key)) return field === '' ? 'A field name' : field;
        pending.push({ value: item, field: name });
      }
    }
  }
  return undefined;
}
