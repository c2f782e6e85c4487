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

/** An Ajv instance path (`/models/0/settings`) as the field it names (`models.0.settings`); empty for the root. */
function fieldOf(instancePath: string): string {
  return instancePath.replace(/^\//, '').replaceAll('/', '.');
}

/** Turns the first Ajv error into one sentence, preferring the schema's own wording. */
export function describeValidationError(errors: readonly FastifySchemaValidationError[], dataVariable: string): string {
  const first = errors[0] as VerboseValidationError | undefined;
  if (!first) return 'Invalid input. Please check your data';

  // Before any wording of the object's own: a key the schema does not name is refused by its full name.
  if (first.keyword === 'additionalProperties') {
    const extra = String((first.params as { additionalProperty?: unknown }).additionalProperty ?? '');
    const parent = fieldOf(first.instancePath);
    return `Unexpected field: ${parent ? `${parent}.${extra}` : extra}`;
  }

  if (first.keyword === 'required') {
    const missing = String((first.params as { missingProperty?: unknown }).missingProperty ?? '');
    const properties = (first.parentSchema?.properties ?? {}) as Record<string, Record<string, unknown>>;
    const messages = properties[missing]?.[ERROR_MESSAGES_KEYWORD] as FieldErrorMessages | undefined;
    return messages?.required ?? `${missing} is required`;
  }

  // A value that fits no branch of a union (a temperature that is neither a number nor null) fails each branch
  // first; the union's own wording, when it has one, speaks for the field rather than its first branch.
  const union = errors.find((error) => error.keyword === 'anyOf' && error.instancePath === first.instancePath) as VerboseValidationError | undefined;
  const messages = (union?.parentSchema?.[ERROR_MESSAGES_KEYWORD] ?? first.parentSchema?.[ERROR_MESSAGES_KEYWORD]) as FieldErrorMessages | undefined;
  if (messages) {
    if (REQUIRED_KEYWORDS.has(first.keyword) && messages.required) return messages.required;
    if (TOO_LONG_KEYWORDS.has(first.keyword) && messages.tooLong) return messages.tooLong;
    if (messages.invalid) return messages.invalid;
    if (messages.required && first.keyword === 'type') return messages.required;
  }
  const field = fieldOf(first.instancePath) || dataVariable;
  return `${field} ${first.message ?? 'is invalid'}`;
}
