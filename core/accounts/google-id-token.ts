import { createRemoteJWKSet, jwtVerify, type JWTVerifyGetKey } from 'jose';
import { AppError } from '../errors/index.ts';

const GOOGLE_ISSUERS = ['accounts.google.com', 'https://accounts.google.com'];
export const GOOGLE_SIGN_IN_FAILED = 'Google sign-in failed. Please try again.';

export interface GoogleIdentity {
  subject: string;
  email: string;
  name: string;
}

/**
 * Verifies a Google ID token the way Google asks relying parties to: signature against Google's published keys
 * (fetched and cached by jose), issuer, audience = our client id, expiry, and a verified email. The key set URL is
 * configuration, so tests sign tokens with their own key served locally.
 */
export class GoogleIdTokenVerifier {
  private readonly keys: JWTVerifyGetKey;

  constructor(
    private readonly clientId: string,
    jwksUrl: string,
  ) {
    this.keys = createRemoteJWKSet(new URL(jwksUrl), { timeoutDuration: 5_000, cooldownDuration: 30_000 });
  }

  async verify(idToken: string): Promise<GoogleIdentity> {
    let claims: Record<string, unknown>;
    try {
      const verified = await jwtVerify(idToken, this.keys, {
        issuer: GOOGLE_ISSUERS,
        audience: this.clientId,
        algorithms: ['RS256'],
        clockTolerance: 30,
      });
      claims = verified.payload;
    } catch (error) {
      throw new AppError('UNAUTHORIZED', GOOGLE_SIGN_IN_FAILED, { cause: error });
    }
    const email = typeof claims.email === 'string' ? claims.email.trim().toLowerCase() : '';
    if (typeof claims.sub !== 'string' || claims.sub === '' || email === '') {
      throw new AppError('UNAUTHORIZED', GOOGLE_SIGN_IN_FAILED);
    }
    // Google may sign tokens for addresses it has not verified; such an address proves nothing.
    if (claims.email_verified !== true && claims.email_verified !== 'true') {
      throw new AppError('UNAUTHORIZED', 'Your Google account’s email address is not verified.');
    }
    const name = typeof claims.name === 'string' && claims.name.trim() !== '' ? claims.name.trim() : email.split('@')[0]!;
    return { subject: claims.sub, email, name: name.slice(0, 100) };
  }
}
