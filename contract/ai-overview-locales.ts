/**
 * Where and in which language the AI Overview engine searches: SerpApi's Google `gl` (country) and `hl` (language)
 * codes. The list is short on purpose: Google shows AI Overviews in a limited set of markets, and they work best
 * in English for the United States, the United Kingdom, Canada and Australia, so those lead each list.
 * Plain constants: the server checks a request against them and the client offers them in its picker.
 */
export interface AiOverviewLocale {
  /** The code SerpApi expects, lower case. */
  code: string;
  /** The name shown in the picker. */
  name: string;
}

export const DEFAULT_AI_OVERVIEW_COUNTRY = 'us';
export const DEFAULT_AI_OVERVIEW_LANGUAGE = 'en';

export const AI_OVERVIEW_COUNTRIES: readonly AiOverviewLocale[] = [
  { code: 'us', name: 'United States' },
  // SerpApi (like Google's own gl) spells the United Kingdom `uk`, not the ISO `gb`.
  { code: 'uk', name: 'United Kingdom' },
  { code: 'ca', name: 'Canada' },
  { code: 'au', name: 'Australia' },
  { code: 'in', name: 'India' },
  { code: 'de', name: 'Germany' },
  { code: 'es', name: 'Spain' },
  { code: 'it', name: 'Italy' },
  { code: 'nl', name: 'Netherlands' },
  { code: 'br', name: 'Brazil' },
  { code: 'mx', name: 'Mexico' },
  { code: 'jp', name: 'Japan' },
  { code: 'kr', name: 'South Korea' },
  { code: 'id', name: 'Indonesia' },
  { code: 'za', name: 'South Africa' },
];

export const AI_OVERVIEW_LANGUAGES: readonly AiOverviewLocale[] = [
  { code: 'en', name: 'English' },
  { code: 'es', name: 'Spanish' },
  { code: 'pt-br', name: 'Portuguese (Brazil)' },
  { code: 'fr', name: 'French' },
  { code: 'de', name: 'German' },
  { code: 'it', name: 'Italian' },
  { code: 'nl', name: 'Dutch' },
  { code: 'hi', name: 'Hindi' },
  { code: 'id', name: 'Indonesian' },
  { code: 'ja', name: 'Japanese' },
  { code: 'ko', name: 'Korean' },
  { code: 'zh-cn', name: 'Chinese (Simplified)' },
  { code: 'ar', name: 'Arabic' },
  { code: 'ru', name: 'Russian' },
  { code: 'tr', name: 'Turkish' },
];
