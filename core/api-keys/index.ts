/**
 * API keys: made, found by their hash, rate-limited and held to their monthly cap.
 * Its front door: what the server, the worker, scripts and other features may use; the other files of this
 * folder are private to it (tests may reach inside). Add a name here when another part needs it.
 */
export { overApiKeyRateLimit } from './api-key-rate-limit.ts';
export {
  authenticateApiKey,
  createApiKey,
  listApiKeys,
  listLiveKeyUses,
  type LiveKeyUse,
  revokeApiKey,
} from './api-key-repository.ts';
export { bearerToken } from './api-key-secrets.ts';
export { refuseOverMonthlyCap } from './api-key-spending.ts';
