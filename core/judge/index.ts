/**
 * Judge modes and the council that compare answers.
 * Its front door: what the server, the worker, scripts and other features may use; the other files of this
 * folder are private to it (tests may reach inside). Add a name here when another part needs it.
 */
export {
  COUNCIL_CHAIRMAN_OPENING,
  COUNCIL_ORDER,
  COUNCIL_REVIEW_OPENING,
  labelsAfter,
  RANKING_HEADING,
} from './council-prompts.ts';
export { councilPreview, startChairman, startCouncil } from './council-runs.ts';
export { councilsOfRequest, councilView, ownCouncil } from './councils.ts';
export { judgeInstruction, resetJudgePrompt, savedJudgePrompts, saveJudgePrompt } from './judge-prompts.ts';
