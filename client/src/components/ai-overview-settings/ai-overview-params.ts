import { DEFAULT_AI_OVERVIEW_COUNTRY, DEFAULT_AI_OVERVIEW_LANGUAGE } from '../../../../contract/ai-overview-locales.ts';

/** The AI Overview params as the form holds them: Google's country (gl) and language (hl), both always chosen. */
export interface AiOverviewParams {
  gl: string;
  hl: string;
}

export const DEFAULT_AI_OVERVIEW_PARAMS: AiOverviewParams = { gl: DEFAULT_AI_OVERVIEW_COUNTRY, hl: DEFAULT_AI_OVERVIEW_LANGUAGE };
