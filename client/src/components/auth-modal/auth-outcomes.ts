import { ApiError } from '../../api/http-client.ts';

/**
 * Spec section 4: a login refused because the address is not verified yet — flagged by the server
 * (`data.requiresVerification`) or recognisable by its wording — leads to the verification banner, not a dead end.
 * Returns the address to send a new link to (the server's normalised one when it gave it), else null.
 */
export function verificationNeededFor(error: unknown, typedEmail: string): { email: string } | null {
  if (!(error instanceof ApiError)) return null;
  const flagged = error.data?.requiresVerification === true;
  if (!flagged && !error.message.toLowerCase().includes('verify your email')) return null;
  const serverEmail = error.data?.email;
  return { email: typeof serverEmail === 'string' && serverEmail !== '' ? serverEmail : typedEmail.trim() };
}
