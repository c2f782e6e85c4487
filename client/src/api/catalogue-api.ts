import type { CatalogueData } from '../../../contract/catalogue.ts';
import { apiCall } from './http-client.ts';

export type { CatalogueEngine, CatalogueModel } from '../../../contract/catalogue.ts';
/** `GET /api/models`: every engine with its models, prices and tiers. */
export type Catalogue = CatalogueData;

export const fetchCatalogue = (signal?: AbortSignal) => apiCall<Catalogue>('/api/models', signal ? { signal } : {});
