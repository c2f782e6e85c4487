import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/http-client.ts';
import { verificationNeededFor } from './auth-outcomes.ts';

const refusal = (message: string, data: Record<string, unknown> | null = null) => new ApiError(message, 'X', 403, false, data);

describe('verificationNeededFor', () => {
  it('follows the server flag and prefers the address the server gives', () => {
    const error = refusal('Please verify your email before logging in', { requiresVerification: true, email: 'ada@example.com' });
    expect(verificationNeededFor(error, ' Ada@Example.com ')).toEqual({ email: 'ada@example.com' });
  });

  it('recognises the wording when the flag is missing, using the typed address', () => {
    expect(verificationNeededFor(refusal('Please Verify your email first'), ' ada@example.com ')).toEqual({ email: 'ada@example.com' });
  });

  it('leaves other failures alone', () => {
    expect(verificationNeededFor(refusal('Invalid email or password'), 'ada@example.com')).toBeNull();
    expect(verificationNeededFor(refusal('Invalid email or password', { requiresVerification: false }), 'a@b.co')).toBeNull();
    expect(verificationNeededFor(new Error('verify your email'), 'a@b.co')).toBeNull();
  });
});
