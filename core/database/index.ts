/**
 * The database: opening it, its ORM options and entities.
 * Its front door: what the server, the worker, scripts and other features may use; the other files of this
 * folder are private to it (tests may reach inside). Add a name here when another part needs it.
 */
export { StoredBrandMention } from './entities/brand-mention.ts';
export { EmailVerificationToken } from './entities/email-verification-token.ts';
export { ModelRun, OPEN_MODEL_RUN_STATUSES } from './entities/model-run.ts';
export {
  CHAT_REQUEST_KINDS,
  type RequestKind,
  SearchRequest,
  type SearchRequestStatus,
} from './entities/search-request.ts';
export { SupportRequest } from './entities/support-request.ts';
export { UserSession } from './entities/user-session.ts';
export { User, type UserTier } from './entities/user.ts';
export { closeDatabase } from './close-database.ts';
export { openDatabase } from './open-database.ts';
