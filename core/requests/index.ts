/**
 * Requests: admitting a question, conversations, history, versions and deletion.
 * Its front door: what the server, the worker, scripts and other features may use; the other files of this
 * folder are private to it (tests may reach inside). Add a name here when another part needs it.
 */
export { compareAdmissionInput, searchAdmissionInput } from './admission-input.ts';
export { apiComparison, apiModelName, apiModelResult, type ComparisonFacts } from './api-comparison.ts';
export { checkedColumnSettings } from './column-settings-admission.ts';
export { loadConversationHistory } from './conversation-history.ts';
export {
  ConversationTooLongError,
  earlierCharacters,
  longConversationCredits,
  readsConversation,
} from './conversation-size.ts';
export { DELETE_REQUEST_TEXTS, deleteOwnConversation } from './delete-request.ts';
export { followUpSize } from './follow-up-size.ts';
export { readThread, turnResults } from './follow-up-thread.ts';
export { serializeHistoryEntry, serializeHistoryItem } from './history-item.ts';
export { judgeConversation } from './judge-conversation.ts';
export { comparisonFacts, findOwnedComparison, modelsAskedIn, storedComparisonFacts } from './owned-comparison.ts';
export {
  ADMISSION_REFUSALS,
  type AdmissionInput,
  type AdmissionServices,
  admitRequest,
  type AdmittedRequest,
  type AdmittedRun,
} from './request-admission.ts';
export { type HistoryRow, loadHistoryRow, loadRequestHistory } from './request-history-repository.ts';
export { requestResults, type RunResult } from './request-results.ts';
export type { RequestCoreServices } from './request-services.ts';
export { totalCredits } from './request-versions.ts';
export { rerunChanges } from './rerun-changes.ts';
export { isUnrevealedRound } from './sealed-rounds.ts';
export { runsToStop, stopRuns } from './stop-runs.ts';
export { turnVersions } from './turn-versions.ts';
