/** Checks a requested AI Overview country or language against the lists the contract offers. */
import { AI_OVERVIEW_COUNTRIES, AI_OVERVIEW_LANGUAGES } from '../../contract/ai-overview-locales.ts';

export {
  AI_OVERVIEW_COUNTRIES,
  AI_OVERVIEW_LANGUAGES,
  DEFAULT_AI_OVERVIEW_COUNTRY,
  DEFAULT_AI_OVERVIEW_LANGUAGE,
  type AiOverviewLocale,
} from '../../contract/ai-overview-locales.ts';

const countryCodes = new Set(AI_OVERVIEW_COUNTRIES.map((country) => country.code));
const languageCodes = new Set(AI_OVERVIEW_LANGUAGES.map((language) => language.code));

/** Google treats `gl` and `hl` case-insensitively, so `US` and `pt-BR` are accepted too. */
export function isAiOverviewCountry(code: string): boolean {
  return countryCodes.has(code.toLowerCase());
}

export function isAiOverviewLanguage(code: string): boolean {
  return languageCodes.has(code.toLowerCase());
}
