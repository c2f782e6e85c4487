/**
 * The product's limits, in one place: the server validates with them, the client enforces them as people type,
 * and the OpenAPI reference states them. Plain constants, so the client can import them at no cost.
 */

/** A question may be at most this long; the box ignores input beyond it. */
export const QUERY_MAX_LENGTH = 500;

/** How many models one comparison may ask at once. */
export const MAX_COMPARED_MODELS = 10;

/** Brand monitoring's configuration. */
export const BRAND_LIMITS = { name: 100, website: 500, keywords: 5, keyword: 50, competitors: 10 } as const;

export const TIERS = ['free', 'registered', 'subscribed'] as const;
export type Tier = (typeof TIERS)[number];

/** What each tier may spend on one model in one request. */
export const PER_MODEL_CREDIT_CAP: Record<Tier, number> = { free: 15, registered: 30, subscribed: 50 };

/** Credits granted once: to a guest per IP, to a person per verified address. */
export const GUEST_GRANT = 20;
export const REGISTERED_GRANT = 150;

/** History pages: what `GET /api/user-requests` returns without `limit`, and the most it returns. */
export const HISTORY_DEFAULT_LIMIT = 20;
export const HISTORY_MAX_LIMIT = 100;
/** A history search is a fragment of a question, so no longer than a question (`QUERY_MAX_LENGTH`). */
export const HISTORY_SEARCH_MAX_LENGTH = QUERY_MAX_LENGTH;

/** Runs one cancel call may name. */
export const MAX_STOPPED_RUNS = MAX_COMPARED_MODELS;

/** A support request's fields (`POST /api/support`). The page counts the description against `description`. */
export const SUPPORT_LIMITS = { name: 100, email: 254, title: 200, descriptionMin: 10, description: 2000 } as const;

/**
 * Developer API keys: how many live keys one person may hold, the name's length, the bounds of a key's own monthly
 * credit cap and rate limit, and the rate a key without its own limit gets.
 */
export const API_KEY_LIMITS = {
  keysPerUser: 20,
  name: 60,
  monthlyCreditCapMax: 1_000_000,
  requestsPerMinuteMax: 600,
  defaultRequestsPerMinute: 60,
} as const;

/**
 * A conversation sent to the OpenAI-compatible endpoint: the last user message is the question (and keeps the
 * question's limit); the turns before it travel with it to the model, within these bounds.
 */
export const CONVERSATION_LIMITS = { earlierTurns: 50, turnLength: 20_000 } as const;

/** The blind arena: how many models one round pits against each other. */
export const ARENA_LIMITS = { minModels: 2, maxModels: 6 } as const;

/** The longest system prompt one model of a request may be given (its own settings). */
export const SYSTEM_PROMPT_MAX_LENGTH = 2_000;

/** A conversation of follow-up questions: at most this many questions in one thread. */
export const FOLLOW_UP_LIMITS = { turns: 20 } as const;

/** Shared links: how often one address may open them per minute (the page and its data each), and make them. */
export const SHARE_LIMITS = { viewsPerMinutePerAddress: 120, createsPerMinute: 30 } as const;
