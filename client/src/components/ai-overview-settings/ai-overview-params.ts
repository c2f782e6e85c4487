/** The AI Overview params: Google's country (gl) and language (hl), and their defaults. */
export interface AiOverviewParams {
  gl: string;
  hl: string;
}

export const DEFAULT_AI_OVERVIEW_PARAMS: AiOverviewParams = { gl: 'us', hl: 'en' };
