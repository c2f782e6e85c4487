/**
 * Accounts: sign-up, verification, sessions, passwords, Google sign-in, settings and deletion.
 * Its front door: what the server, the worker, scripts and other features may use; the other files of this
 * folder are private to it (tests may reach inside). Add a name here when another part needs it.
 */
export { accountDeletionCost } from './account-deletion-cost.ts';
export { requireEmail, requireName, requirePassword } from './account-fields.ts';
export { emailChangedNotice, emailChangeMail, emailChangeTakenMail } from './account-mails.ts';
export { passwordChangedNotice } from './account-recovery-mails.ts';
export { endOtherWaysIn, recoveryReport, withCancelledEmailChanges } from './account-recovery.ts';
export type { AccountServices } from './account-services.ts';
export { checkCurrentPassword, confirmAddressChange, listSessions } from './account-settings.ts';
export { EMAIL_CHANGE_LINK_INVALID, issueEmailChange, looksLikeToken } from './account-tokens.ts';
export { GoogleIdTokenVerifier } from './google-id-token.ts';
export { hashPassword, verifyAgainstDecoy, verifyPassword } from './password-hashing.ts';
export { registerWithPassword } from './password-registration.ts';
export { requestPasswordResetLink, RESET_REQUESTED_MESSAGE, resetPasswordWithLink } from './password-reset.ts';
export { publicUser, type PublicUser } from './public-user.ts';
export {
  parseSessionInvalidation,
  publishSessionInvalidation,
  type SessionInvalidation,
  sessionInvalidationChannel,
} from './session-cache.ts';
export { liveSessionExpiries, type ResolvedSession, SessionService } from './session-service.ts';
export { accountForGoogleToken, accountForPassword, accountForVerificationLink } from './sign-in-checks.ts';
export { deleteAccountRecord, markSubscribed, renameAccount, setAccountPassword } from './user-records.ts';
export { VerificationMailLimits } from './verification-mail-limits.ts';
export { resendVerificationLink } from './verification-resend.ts';
