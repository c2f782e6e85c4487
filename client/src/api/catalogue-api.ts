import { apiCall } from './http-client.ts';

/** One model of `GET /api/models` (the catalogue, with price and tier). */
export interface CatalogueModel {
  id: string;
  name: string;
  description: string;
  webSearchSupported: boolean;
  credits: number;
  /** Open to guests; the others need an account ("Register" lock). */
  freeTier: boolean;
}

export interface CatalogueEngine {
  name: string;
  aliases: string[];
  /** False when this server has no key for the engine (outside demo mode). */
  available: boolean;
  unavailableReason: string | null;
  models: CatalogueModel[];
}

export interface Catalogue {
  models: Record<string, CatalogueEngine>;
  /** `brandJudgeModel`: the operator's brand judge (engine/model), included in brand monitoring; absent when none. */
  features: { webSearch: number; brandJudgeModel?: string };
}

export const fetchCatalogue = (signal?: AbortSignal) => apiCall<Catalogue>('/api/models', signal ? { signal } : {});
