/**
 * The model catalogue: engines, models, prices and capabilities.
 * Its front door: what the server, the worker, scripts and other features may use; the other files of this
 * folder are private to it (tests may reach inside). Add a name here when another part needs it.
 */
export {
  DEFAULT_AI_OVERVIEW_COUNTRY,
  DEFAULT_AI_OVERVIEW_LANGUAGE,
  isAiOverviewCountry,
  isAiOverviewLanguage,
} from './ai-overview-locales.ts';
export {
  type CatalogueEngine,
  type CatalogueModel,
  contextTokensOf,
  credentialsFor,
  engineAvailability,
  type EngineProvider,
  loadModelCatalogue,
  type ModelCatalogue,
} from './model-catalogue.ts';
export { reportedTokenFigures } from './reported-token-figures.ts';
