import { readFileSync } from 'node:fs';
import Type, { type Static } from 'typebox';
import { Value } from 'typebox/value';
import { mayBeFreeTier } from '../../contract/tier-rules.ts';
import { ModelCapabilities } from '../../contract/column-settings.ts';
import { LONG_CONVERSATION } from '../../contract/long-conversation.ts';
import type { ProviderId, QuorumConfig } from '../config/index.ts';

/**
 * The engines and models Quorum offers, with their price in credits. It is data, not code (`model-catalogue.json`,
 * or the operator's own file named by MODEL_CATALOGUE_FILE), because providers rename and retire models faster than
 * we release. Validated at start: a bad file stops the process.
 */
const CatalogueModelSchema = Type.Object({
  id: Type.String({ minLength: 1, maxLength: 128 }),
  name: Type.String({ minLength: 1 }),
  description: Type.String(),
  webSearchSupported: Type.Boolean(),
  credits: Type.Integer({ minimum: 0, maximum: 1_000 }),
  /** Open to guests; only a budget model (below 6 credits) may be. */
  freeTier: Type.Boolean(),
  /** The settings it accepts and the token figures it reports; an operator's file may leave it out (see below). */
  capabilities: Type.Optional(ModelCapabilities),
  /**
   * Its context window in tokens: the longest conversation it is asked (see contract/long-conversation.ts). Left out,
   * `LONG_CONVERSATION.defaultContextTokens`.
   */
  contextTokens: Type.Optional(Type.Integer({ minimum: 1_000, maximum: 100_000_000 })),
});

const CatalogueEngineSchema = Type.Object({
  id: Type.String({ minLength: 1, maxLength: 64 }),
  name: Type.String({ minLength: 1 }),
  aliases: Type.Array(Type.String()),
  provider: Type.Union([
    Type.Literal('openai'),
    Type.Literal('anthropic'),
    Type.Literal('gemini'),
    Type.Literal('deepseek'),
    Type.Literal('perplexity'),
    Type.Literal('groq'),
    Type.Literal('serpapi'),
    Type.Literal('local'),
  ]),
  models: Type.Array(CatalogueModelSchema, { minItems: 1 }),
});

const CatalogueFileSchema = Type.Object({
  webSearchCredits: Type.Integer({ minimum: 0 }),
  unknownModelCredits: Type.Integer({ minimum: 0 }),
  engines: Type.Array(CatalogueEngineSchema, { minItems: 1 }),
});

type CatalogueFileModel = Static<typeof CatalogueModelSchema>;
export type CatalogueModel = Omit<CatalogueFileModel, 'capabilities'> & { capabilities: ModelCapabilities };
export type CatalogueEngine = Omit<Static<typeof CatalogueEngineSchema>, 'models'> & { models: CatalogueModel[] };
export type EngineProvider = CatalogueEngine['provider'];

export interface EngineAvailability {
  available: boolean;
  /** Why not, in words for the model picker. */
  reason: string | null;
}

/** The longest conversation the model is asked, in estimated tokens: its catalogue entry's, or the default. */
export function contextTokensOf(model: Pick<CatalogueModel, 'contextTokens'>): number {
  return model.contextTokens ?? LONG_CONVERSATION.defaultContextTokens;
}

export class ModelCatalogue {
  private readonly byName = new Map<string, CatalogueEngine>();

  constructor(
    readonly engines: readonly CatalogueEngine[],
    readonly webSearchCredits: number,
    readonly unknownModelCredits: number,
  ) {
    for (const engine of engines) {
      for (const name of [engine.id, ...engine.aliases]) this.byName.set(name.toLowerCase(), engine);
    }
  }

  findEngine(engineId: string): CatalogueEngine | undefined {
    return this.byName.get(engineId.trim().toLowerCase());
  }

  findModel(engine: CatalogueEngine, modelId: string): CatalogueModel | undefined {
    const wanted = modelId.trim();
    return engine.models.find((model) => model.id === wanted);
  }

  /** A model by its engine's id (or alias) and its own id, as stored with every run; undefined when not offered. */
  modelOf(engineId: string, modelId: string): CatalogueModel | undefined {
    const engine = this.findEngine(engineId);
    return engine && this.findModel(engine, modelId);
  }
}

export function loadModelCatalogue(config: Pick<QuorumConfig, 'catalogueFile' | 'localModels'>): ModelCatalogue {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(config.catalogueFile, 'utf8'));
  } catch (error) {
    throw new Error(`MODEL_CATALOGUE_FILE ${config.catalogueFile} could not be read as JSON: ${(error as Error).message}`);
  }
  if (!Value.Check(CatalogueFileSchema, parsed)) {
    const first = Value.Errors(CatalogueFileSchema, parsed)[0];
    throw new Error(`MODEL_CATALOGUE_FILE ${config.catalogueFile} is invalid at ${first?.instancePath ?? '/'}: ${first?.message ?? 'unknown problem'}`);
  }
  refuseExpensiveFreeModels(parsed.engines);
  const engines: CatalogueEngine[] = parsed.engines.map((engine) => ({
    ...engine,
    models: engine.models.map((model) => ({ ...model, capabilities: model.capabilities ?? UNDECLARED_CAPABILITIES })),
  }));
  const local = config.localModels;
  if (local) {
    engines.push({
      id: 'local',
      name: 'Local models',
      aliases: ['ollama', 'vllm', 'lmstudio'],
      provider: 'local',
      models: local.models.map((id) => ({
        id,
        name: id,
        description: 'Runs on your own server: questions never leave your network',
        webSearchSupported: false,
        credits: local.credits,
        // A model on the operator's own server is open to guests whenever its price puts it in the budget band.
        freeTier: mayBeFreeTier(local.credits),
        // OpenAI-compatible servers take a system message and a temperature; what they count in usage varies.
        capabilities: LOCAL_MODEL_CAPABILITIES,
      })),
    });
  }
  const ids = new Set<string>();
  for (const engine of engines) {
    if (ids.has(engine.id)) throw new Error(`MODEL_CATALOGUE_FILE lists the engine ${engine.id} twice`);
    ids.add(engine.id);
  }
  return new ModelCatalogue(engines, parsed.webSearchCredits, parsed.unknownModelCredits);
}

/**
 * A model whose entry does not say what it accepts (an operator's older catalogue file) is asked without settings
 * and reports no cache or reasoning figures: refusing a setting is better than sending one a model may reject.
 */
const UNDECLARED_CAPABILITIES: ModelCapabilities = { systemPrompt: false, cachedTokens: false, reasoningTokens: false };

const LOCAL_MODEL_CAPABILITIES: ModelCapabilities = { systemPrompt: true, temperature: { min: 0, max: 2 }, cachedTokens: false, reasoningTokens: false };

/** Guests get budget models only: a file that opens a dearer one to them is a mistake that stops the start. */
function refuseExpensiveFreeModels(engines: readonly { id: string; models: readonly CatalogueFileModel[] }[]): void {
  for (const engine of engines) {
    for (const model of engine.models) {
      if (model.freeTier && !mayBeFreeTier(model.credits)) {
        const name = `${engine.id}/${model.id}`;
        throw new Error(`MODEL_CATALOGUE_FILE opens ${name} to the free tier, but it costs ${model.credits} credits: only models below 6 may be free`);
      }
    }
  }
}

/** The configuration key holding an engine's credentials, or undefined for the local engine. */
export function credentialsFor(provider: EngineProvider): ProviderId | undefined {
  return provider === 'local' ? undefined : provider;
}

/** An engine can answer when demo mode serves it, or its provider has a key (the local engine: a base URL). */
export function engineAvailability(config: Pick<QuorumConfig, 'demoMode' | 'providers' | 'localModels'>, engine: CatalogueEngine): EngineAvailability {
  if (engine.provider === 'local') {
    return config.localModels ? { available: true, reason: null } : { available: false, reason: 'No local model server is configured' };
  }
  if (config.demoMode) return { available: true, reason: null };
  const credentials = credentialsFor(engine.provider)!;
  return config.providers[credentials].apiKey
    ? { available: true, reason: null }
    : { available: false, reason: `${engine.name} is not configured on this server` };
}
