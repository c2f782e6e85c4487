import type { Ajv } from 'ajv';
import type { FastifySchemaValidationError } from 'fastify/types/schema.js';
import { ERROR_MESSAGES_KEYWORD, type FieldErrorMessages } from '../../contract/field-messages.ts';

/*
 * The contract's schemas carry each field's own wording in an annotation keyword; the error handler reads it through
 * Ajv's verbose errors (which include the failing schema and its parent).
 */

/** Registers the annotation keyword with Ajv (it validates nothing). Passed to Fastify's `ajv.plugins`. */
export function errorMessagesKeywordPlugin(ajv: Ajv): Ajv {
  ajv.addKeyword({ keyword: ERROR_MESSAGES_KEYWORD, schemaType: 'object', valid: true });
  return ajv;
}

type VerboseValidationError = FastifySchemaValidationError & {
  parentSchema?: Record<string, unknown>;
  schema?: unknown;
};

const REQUIRED_KEYWORDS = new Set(['required', 'minLength', 'pattern']);
const TOO_LONG_KEYWORDS = new Set(['maxLength', 'maxItems']);

/** Turns the first Ajv error into one sentence, preferring the schema's own wording. */
export function describeValidationError(errors: readonly FastifySchemaValidationError[], dataVariable: string): string {
  const first = errors[0] as VerboseValidationError | undefined;
  if (!first) return 'Invalid input. Please check your data';

  if (first.keyword === 'required') {
    const missing = String((first.params as { missingProperty?: unknown }).missingProperty ?? '');
    const properties = (first.parentSchema?.properties ?? {}) as Record<string, Record<string, unknown>>;
    const messages = properties[missing]?.[ERROR_MESSAGES_KEYWORD] as FieldErrorMessages | undefined;
    return messages?.required ?? `${missing} is required`;
  }

  const messages = first.parentSchema?.[ERROR_MESSAGES_KEYWORD] as FieldErrorMessages | undefined;
  if (messages) {
    if (REQUIRED_KEYWORDS.has(first.keyword) && messages.required) return messages.required;
    if (TOO_LONG_KEYWORDS.has(first.keyword) && messages.tooLong) return messages.tooLong;
    if (messages.invalid) return messages.invalid;
    if (messages.required && first.keyword === 'type') return messages.required;
  }
  if (first.keyword === 'additionalProperties') {
    const extra = String((first.params as { additionalProperty?: unknown }).additionalProperty ?? '');
    return `Unexpected field: ${extra}`;
  }
  const field = first.instancePath ? first.instancePath.replace(/^\//, '').replaceAll('/', '.') : dataVariable;
  return `${field} ${first.message ?? 'is invalid'}`;
}
