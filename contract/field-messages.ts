/**
 * Schemas carry their own wording for a field's failures, so a refused request reads "Please enter a question"
 * rather than a validator's "must NOT have fewer than 1 characters". The keyword only annotates (it validates
 * nothing); the server's error handler reads it. Named as an OpenAPI extension, so the reference shows it as is.
 */
export const ERROR_MESSAGES_KEYWORD = 'x-error-messages';

export interface FieldErrorMessages {
  /** Missing, empty or blank. */
  required?: string;
  /** Too long. */
  tooLong?: string;
  /** Any other failure (wrong type, format, value not allowed). */
  invalid?: string;
}

export function fieldMessages(messages: FieldErrorMessages): { [ERROR_MESSAGES_KEYWORD]: FieldErrorMessages } {
  return { [ERROR_MESSAGES_KEYWORD]: messages };
}
