/** Spec section 3's AI overview params: Google's country (gl) and language (hl); spec section 9's defaults. */
export interface AiOverviewParams {
  gl: string;
  hl: string;
}

export const DEFAULT_AI_OVERVIEW_PARAMS: AiOverviewParams = { gl: 'us', hl: 'en' };
