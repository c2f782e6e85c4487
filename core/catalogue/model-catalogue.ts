/**
 * The engines and models Quorum offers. Only engines whose adapter is wired appear here; the engines issue adds
 * the other providers of the spec. Costs and tiers live with the credits code, not here.
 */
export interface CatalogueModel {
  id: string;
  name: string;
  description: string;
  webSearchSupported: boolean;
}

export interface CatalogueEngine {
  id: string;
  name: string;
  aliases: string[];
  models: CatalogueModel[];
}

export const MODEL_CATALOGUE: readonly CatalogueEngine[] = [
  {
    id: 'openai',
    name: 'OpenAI',
    aliases: ['chatgpt', 'gpt'],
    models: [
      { id: 'gpt-4o-mini', name: 'GPT-4o mini', description: 'Fast and affordable for everyday questions', webSearchSupported: true },
      { id: 'gpt-3.5-turbo', name: 'GPT-3.5 Turbo', description: 'The budget classic', webSearchSupported: false },
      { id: 'gpt-4.1-mini', name: 'GPT-4.1 mini', description: 'Balanced speed and quality', webSearchSupported: true },
      { id: 'gpt-4o', name: 'GPT-4o', description: 'Versatile flagship model', webSearchSupported: true },
      { id: 'gpt-4.1', name: 'GPT-4.1', description: 'Strong at long, precise answers', webSearchSupported: true },
      { id: 'gpt-5', name: 'GPT-5', description: 'The most capable OpenAI model', webSearchSupported: true },
      { id: 'o3-mini', name: 'o3-mini', description: 'Compact reasoning model', webSearchSupported: false },
      { id: 'o1', name: 'o1', description: 'Deliberate reasoning for hard problems', webSearchSupported: false },
    ],
  },
];

export function findEngine(engineId: string): CatalogueEngine | undefined {
  const wanted = engineId.trim().toLowerCase();
  return MODEL_CATALOGUE.find((engine) => engine.id === wanted || engine.aliases.includes(wanted));
}

export function findModel(engine: CatalogueEngine, modelId: string): CatalogueModel | undefined {
  return engine.models.find((model) => model.id === modelId.trim());
}
