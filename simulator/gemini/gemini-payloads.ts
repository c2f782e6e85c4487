import { createHash, randomBytes } from 'node:crypto';
import { simulatedSearch } from '../simulated-search.ts';
import { groundingRedirectUrl } from './grounding-redirects.ts';
import { reasoningTokensFor } from '../token-details.ts';

/**
 * The `GenerateContentResponse` objects the simulator sends, shaped like the Gemini API's: the candidate with its
 * `role: "model"` content, `usageMetadata`, `modelVersion`, `responseId` and, for grounded answers,
 * `groundingMetadata`. Proto JSON leaves zero and empty fields out, and so do these.
 */
export interface ResponseIdentity {
  responseId: string;
  modelVersion: string;
}

export function createResponseIdentity(model: string): ResponseIdentity {
  return { responseId: randomBytes(16).toString('base64url'), modelVersion: model };
}

export interface TokenPlan {
  promptTokens: number;
  /** Of the prompt, what was served from the cache: the earlier turns of a follow-up. */
  cachedTokens: number;
  candidatesTokens: number;
  /** Thinking models spend these before the first text; 0 for the others. */
  thoughtsTokens: number;
}

/** 2.5 Pro and Flash think by default (Flash-Lite does not); their usage reports `thoughtsTokenCount`. */
export function planTokens(model: string, prompt: { promptTokens: number; cachedTokens: number }, pieceCount: number): TokenPlan {
  return { ...prompt, candidatesTokens: pieceCount, thoughtsTokens: reasoningTokensFor(model, pieceCount) };
}

/**
 * Every streamed chunk carries usage. Until the last one it counts only the prompt (and thinking); the last chunk
 * adds `candidatesTokenCount`.
 */
export function usageMetadata(plan: TokenPlan, final: boolean): Record<string, unknown> {
  const candidates = final ? plan.candidatesTokens : 0;
  return {
    promptTokenCount: plan.promptTokens,
    candidatesTokenCount: candidates || undefined,
    totalTokenCount: plan.promptTokens + candidates + plan.thoughtsTokens,
    promptTokensDetails: [{ modality: 'TEXT', tokenCount: plan.promptTokens }],
    cachedContentTokenCount: plan.cachedTokens || undefined,
    cacheTokensDetails: plan.cachedTokens ? [{ modality: 'TEXT', tokenCount: plan.cachedTokens }] : undefined,
    thoughtsTokenCount: plan.thoughtsTokens || undefined,
  };
}

function envelope(identity: ResponseIdentity, body: Record<string, unknown>): Record<string, unknown> {
  return { ...body, modelVersion: identity.modelVersion, responseId: identity.responseId };
}

/** One streamed piece of the answer. */
export function textChunk(identity: ResponseIdentity, text: string, plan: TokenPlan): Record<string, unknown> {
  return envelope(identity, {
    candidates: [{ content: { parts: [{ text }], role: 'model' }, index: 0 }],
    usageMetadata: usageMetadata(plan, false),
  });
}

export interface Ending {
  finishReason: string;
  /** The content the candidate carries: '' for the stream's closing chunk, the whole text when not streamed. */
  text: string;
  /** Blocking reasons drop the candidate's content and flag the rating that blocked it. */
  withheld: boolean;
  grounding: Record<string, unknown> | undefined;
}

/** The candidate that ends an answer: the closing stream chunk, or the whole non-streamed answer. */
export function finalResponse(identity: ResponseIdentity, ending: Ending, plan: TokenPlan): Record<string, unknown> {
  const candidate = {
    content: ending.withheld ? undefined : { parts: [{ text: ending.text }], role: 'model' },
    finishReason: ending.finishReason,
    index: 0,
    safetyRatings: ending.withheld && ending.finishReason === 'SAFETY' ? blockingSafetyRatings() : undefined,
    groundingMetadata: ending.grounding,
  };
  return envelope(identity, { candidates: [candidate], usageMetadata: usageMetadata(plan, true) });
}

function blockingSafetyRatings(): Record<string, unknown>[] {
  return [
    { category: 'HARM_CATEGORY_SEXUALLY_EXPLICIT', probability: 'NEGLIGIBLE' },
    { category: 'HARM_CATEGORY_HATE_SPEECH', probability: 'NEGLIGIBLE' },
    { category: 'HARM_CATEGORY_HARASSMENT', probability: 'NEGLIGIBLE' },
    { category: 'HARM_CATEGORY_DANGEROUS_CONTENT', probability: 'HIGH', blocked: true },
  ];
}

/** A prompt the filters stopped: no candidates at all, only `promptFeedback` and the prompt's usage. */
export function blockedPromptResponse(identity: ResponseIdentity, blockReason: string, plan: TokenPlan): Record<string, unknown> {
  return envelope(identity, {
    promptFeedback: { blockReason, safetyRatings: blockReason === 'SAFETY' ? blockingSafetyRatings() : undefined },
    usageMetadata: {
      promptTokenCount: plan.promptTokens,
      totalTokenCount: plan.promptTokens,
      promptTokensDetails: [{ modality: 'TEXT', tokenCount: plan.promptTokens }],
    },
  });
}

const sourceDomains = [
  'wikipedia.org',
  'britannica.com',
  'developer.mozilla.org',
  'stackoverflow.com',
  'nature.com',
  'bbc.co.uk',
  'reuters.com',
  'nist.gov',
  'arxiv.org',
  'theguardian.com',
];

const sourcesPerAnswer = 3;

function digest(text: string): Buffer {
  return createHash('sha256').update(text).digest();
}

/** The search query Google would run for the prompt: its first words, lowercased, without punctuation. */
function searchQueryFor(prompt: string): string {
  const words = prompt.toLowerCase().replace(/[^\p{L}\p{N}\s-]/gu, ' ').split(/\s+/).filter((word) => word !== '');
  return words.slice(0, 8).join(' ') || 'search';
}

/** Sentence spans of the answer with UTF-8 byte offsets, which is how the API measures `segment` indices. */
function sentenceSegments(text: string): { startIndex: number; endIndex: number; text: string }[] {
  const segments: { startIndex: number; endIndex: number; text: string }[] = [];
  // A sentence ends at . ! or ? followed by whitespace, so "gemini-2.0-flash" stays whole.
  for (const match of text.matchAll(/\S[^\n]*?[.!?](?=\s|$)/g)) {
    const sentence = match[0];
    const startIndex = Buffer.byteLength(text.slice(0, match.index));
    segments.push({ startIndex, endIndex: startIndex + Buffer.byteLength(sentence), text: sentence });
    if (segments.length === sourcesPerAnswer) break;
  }
  return segments;
}

/**
 * What a `googleSearch`-grounded answer carries: the queries run (`webSearchQueries`: the shared simulated search's
 * fan-out), the pages retrieved (`groundingChunks`, whose `uri` is a redirect link, here served by the simulator
 * itself at `redirectBase`, and whose `title` is the site's domain, as on the real API), which sentences the cited
 * pages support (`groundingSupports`; a retrieved page no support names was not cited), and the search suggestion
 * chip the terms of service ask clients to show. Deterministic per prompt and asking.
 */
export function groundingMetadataFor(
  prompt: string,
  answerText: string,
  options: { redirectBase: string; sample?: number; brokenRedirects?: boolean },
): Record<string, unknown> {
  const search = simulatedSearch(prompt, options.sample ?? 0);
  const domainOf = (url: string) => new URL(url).hostname;
  const chunks = [
    ...search.cited.map((page) => ({ url: page.url, fate: 'ok' as const })),
    ...search.retrievedOnly.map((page) => ({ url: page.url, fate: 'ok' as const })),
    ...(options.brokenRedirects
      ? [
          { url: `https://gone.example.com/${encodeURIComponent(prompt.slice(0, 20))}`, fate: 'gone' as const },
          { url: 'https://slow.example.net/page', fate: 'hang' as const },
        ]
      : []),
  ];
  const query = search.queries[0] ?? searchQueryFor(prompt);
  const escapedQuery = query.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
  const searchUrl = `https://www.google.com/search?q=${encodeURIComponent(query)}&client=app-vertex-grounding&safesearch=active`;
  const citedCount = search.cited.length;
  return {
    searchEntryPoint: {
      renderedContent:
        '<style>\n.container { align-items: center; border-radius: 8px; display: flex; }\n.chip { border-radius: 16px; padding: 5px 16px; }\n</style>\n' +
        `<div class="container">\n  <div class="headline">Google Search Suggestions</div>\n  <div class="carousel">\n    <a class="chip" href="${searchUrl}">${escapedQuery}</a>\n  </div>\n</div>\n`,
    },
    groundingChunks: chunks.map((chunk) => ({
      web: { uri: groundingRedirectUrl(options.redirectBase, chunk.url, chunk.fate), title: domainOf(chunk.url), domain: domainOf(chunk.url) },
    })),
    groundingSupports: sentenceSegments(answerText).map((segment, index) => ({
      // Proto JSON omits a zero start index, so the first segment has none.
      segment: { startIndex: segment.startIndex || undefined, endIndex: segment.endIndex, text: segment.text },
      groundingChunkIndices: [index % Math.max(1, citedCount)],
    })),
    webSearchQueries: search.queries,
  };
}
