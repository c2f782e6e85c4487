/**
 * The blind arena: rounds, votes and their weight, leaderboards.
 * Its front door: what the server, the worker, scripts and other features may use; the other files of this
 * folder are private to it (tests may reach inside). Add a name here when another part needs it.
 */
export { styleDifference } from './answer-style.ts';
export { admitArenaRound } from './arena-admission.ts';
export { loadArenaRound, roundLabels } from './arena-rounds.ts';
export { arenaRoundView, voteOnRound } from './arena-votes.ts';
export { blindUnrevealedRounds } from './blind-history.ts';
export { blindResult } from './blind-results.ts';
export { MaskedTextStream, nameMask, type NameMask, namesToHide } from './blind-text.ts';
export { fitBoard, type StyleMode } from './board-fit.ts';
export { SCALE, type WeightedOutcome } from './bradley-terry.ts';
export { scheduleRefitAfterVote } from './leaderboard-refits.ts';
export { personalLeaderboard, recomputeLeaderboards, storedLeaderboard } from './leaderboards.ts';
