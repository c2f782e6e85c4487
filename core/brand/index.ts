/**
 * Brand monitoring: matches, sentiment, the judge, fact checks, mentions and their analytics.
 * Its front door: what the server, the worker, scripts and other features may use; the other files of this
 * folder are private to it (tests may reach inside). Add a name here when another part needs it.
 */
export { answerSurfaceSql } from './answer-surface.ts';
export { analyseBrandMention } from './brand-analysis.ts';
export { brandJudgeModel, type BrandJudgeModel } from './brand-judge-model.ts';
export { type BrandJudgeInput, brandJudgePrompt, readBrandJudgeInput } from './brand-judge-prompt.ts';
export { readJudgeVerdict, withJudgeVerdict } from './brand-judge-verdict.ts';
export { findTermMatches } from './brand-matches.ts';
export {
  brandAnalytics,
  countMentions,
  findMentions,
  type MentionsFilter,
  recentBrands,
} from './brand-mention-repository.ts';
export { type FactCheckInput, factCheckPrompt, readFactCheckInput } from './fact-check-prompt.ts';
export {
  FACT_CHECK_COLUMNS,
  factCheckFromRow,
  type FactCheckRow,
  type NewFactCheck,
  storeFactCheck,
} from './fact-check-repository.ts';
export { readFactCheck } from './fact-check-verdict.ts';
export { labelledItemLines, labelledVerdicts } from './labelled-verdicts.ts';
export { mentionsCsv } from './mentions-csv.ts';
export { reanalyseStoredMentions, storeReanalysedMention } from './reanalyse-stored-mentions.ts';
export { contextWindows } from './sentiment/context-window.ts';
export {
  type BrandAnalysisOfRun,
  findBrandMention,
  findBrandMentions,
  storeBrandMention,
} from './stored-brand-mentions.ts';
export { LOCAL_ANALYSER_VERSION, mentionFeatureSets, readText } from './targeted-sentiment.ts';
export { correctVerdict } from './verdict-corrections.ts';
