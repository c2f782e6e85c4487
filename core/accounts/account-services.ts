import type { EntityManager } from '@mikro-orm/postgresql';
import type { GoogleIdTokenVerifier } from './google-id-token.ts';
import type { SessionService } from './session-service.ts';
import type { VerificationMailLimits } from './verification-mail-limits.ts';

/**
 * What the account rules need, and nothing more: a fresh unit of work, the sessions, the mail limits, Google's
 * verifier when configured, and the two settings that go into links and digests. A door builds it once; the rules
 * never see an HTTP server, so they run the same from a route, a script or a test.
 */
export interface AccountServices {
  /** A new entity manager for one use case (its own identity map). */
  em(): EntityManager;
  sessions: SessionService;
  verificationMailLimits: VerificationMailLimits;
  /** Absent when Google sign-in is not configured. */
  googleVerifier: GoogleIdTokenVerifier | undefined;
  /** Where the app is served: links in mails point here. */
  appUrl: string;
  /** Keys the digests of addresses the ledger remembers. */
  appSecret: string;
}
