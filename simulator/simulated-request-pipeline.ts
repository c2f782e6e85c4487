import type { IncomingMessage, ServerResponse } from 'node:http';
import { readBrandJudgeRequest, type BrandJudgeRequest } from './brand-judge-reply.ts';
import { readCouncilRequest, type CouncilRequest } from './council-reply.ts';
import { parseScriptedDirectives, type SimulatedFailureStatus, type SimulationScript } from './scripted-directives.ts';
import { isBrandQuestion } from './brand-answer.ts';
import { receivedAttachmentsReport } from './received-attachments.ts';
import { jsonValue, readJsonBody, shouldFail, type RequestBody, type SimulatedExchange, type SimulatorState } from './simulated-exchange.ts';

/**
 * Every provider handler receives a request the same way: read it, log it, check the key, validate it, read the
 * `[[simulate …]]` directives, then apply a scripted `status=` fault. Only the wording differs, so the steps live
 * here once and each vendor describes its wording in a small dialect object kept next to its handler.
 */

/** What the request log needs, read best-effort before validation so even rejected requests are logged. */
export interface RequestSummary {
  model: string;
  stream: boolean;
  lastUserMessage: string;
  /** Chat-style bodies: the text of every message before the last user message, oldest first (earlier turns). */
  earlierMessages?: string[];
  /** The instructions ahead of the conversation, as the vendor carries them; absent when none. */
  systemPrompt?: string;
  /** The temperature asked for; absent when none. */
  temperature?: number;
}

/** What every validated request carries: directives are read from `lastUserMessage`. */
export interface ScriptableRequest {
  model: string;
  lastUserMessage: string;
}

/** An error answer with a status, for vendors whose bodies do not carry the status themselves. */
export interface StatusRejection<Details> {
  status: number;
  details: Details;
  headers?: Record<string, string>;
}

export interface ReceivedRequest {
  request: IncomingMessage;
  url: URL;
  /** undefined for vendors that take everything from the query string (SerpApi). */
  body: RequestBody | undefined;
  /** The key the request carries, '' when none. */
  apiKey: string;
}

export type Checked<Valid, Rejection> = { ok: true; request: Valid } | { ok: false; rejection: Rejection };

export interface RequestDialect<Valid extends ScriptableRequest, Rejection> {
  /** POST APIs carry a JSON body; a GET API (SerpApi) carries everything in the query string. */
  readsBody: boolean;
  apiKeyOf(request: IncomingMessage, url: URL): string;
  summarise(received: ReceivedRequest): RequestSummary;
  /** What the API refuses before the request even counts as received (OpenAI and Anthropic: an oversized body). */
  refuseUnlogged?(received: ReceivedRequest): Rejection | undefined;
  /** The real APIs look at the key before anything else in the request. */
  refuseKey(apiKey: string): Rejection | undefined;
  /** Every other check, in the vendor's own order (headers, model, body size, JSON, fields). */
  check(received: ReceivedRequest): Checked<Valid, Rejection>;
  refuseDirective(message: string): Rejection;
  /**
   * The vendor's own directives, read after the shared ones from the prompt they leave (Gemini's `[[gemini …]]`).
   * Runs before any fault is counted, so a typo is reported rather than hidden behind a scripted failure.
   */
  readVendorDirectives?(request: Valid, prompt: string): { ok: true; request: Valid; prompt: string } | { ok: false; rejection: Rejection };
  /** What `fail-times` counts per; undefined when scripted faults do not apply to this request. */
  failureKey(request: Valid): string | undefined;
  scriptedFailure(status: SimulatedFailureStatus, request: Valid): Rejection;
  /** True when this failure belongs inside a 200 answer (Anthropic's streamed `event: error`) rather than instead of it. */
  failsInAnswer?(request: Valid, script: SimulationScript): boolean;
  send(response: ServerResponse, rejection: Rejection): void;
}

export interface AcceptedRequest<Valid, Rejection> {
  request: Valid;
  script: SimulationScript;
  /** The last user message without its directives: what the answer is generated from. */
  prompt: string;
  receivedAt: number;
  /** A scripted failure the handler delivers inside the answer (see `failsInAnswer`). */
  failureInAnswer: Rejection | undefined;
  /** Set when the prompt is Quorum's brand judge asking for a verdict (`brand-judge-reply.ts`). */
  judge?: BrandJudgeRequest | undefined;
  /** Set when the prompt is a council's review or chairman prompt (`council-reply.ts`). */
  council?: CouncilRequest | undefined;
  /** The request's instructions and temperature as its vendor carries them: the answer follows them. */
  systemPrompt?: string | undefined;
  temperature?: number | undefined;
  /** What the request carried besides words (images, documents), as the answer's first line says it. */
  attachmentsReport?: string | undefined;
}

/**
 * Runs a request through the shared steps. Returns undefined when an error has already been sent, otherwise what
 * the handler needs to answer.
 */
export async function acceptSimulatedRequest<Valid extends ScriptableRequest, Rejection>(
  exchange: SimulatedExchange,
  dialect: RequestDialect<Valid, Rejection>,
): Promise<AcceptedRequest<Valid, Rejection> | undefined> {
  const { request, response, url, state } = exchange;
  const receivedAt = Date.now();
  const refuse = (rejection: Rejection): undefined => void dialect.send(response, rejection);

  let body: RequestBody | undefined;
  if (dialect.readsBody) body = await readJsonBody(request);
  else request.resume();
  const received: ReceivedRequest = { request, url, body, apiKey: dialect.apiKeyOf(request, url) };

  const unlogged = dialect.refuseUnlogged?.(received);
  if (unlogged !== undefined) return refuse(unlogged);
  const summary = dialect.summarise(received);
  state.requests.push({ path: url.pathname, ...summary, hasAuthorization: received.apiKey !== '', receivedAt });

  const keyRejection = dialect.refuseKey(received.apiKey);
  if (keyRejection !== undefined) return refuse(keyRejection);
  const checked = dialect.check(received);
  if (!checked.ok) return refuse(checked.rejection);

  const shared = parseScriptedDirectives(checked.request.lastUserMessage, checked.request.model);
  if (!shared.ok) return refuse(dialect.refuseDirective(shared.message));
  const scripted = dialect.readVendorDirectives?.(checked.request, shared.prompt) ?? { ok: true, request: checked.request, prompt: shared.prompt };
  if (!scripted.ok) return refuse(scripted.rejection);
  const judging = readBrandJudgeRequest(checked.request.lastUserMessage, checked.request.model);
  if (judging && !judging.ok) return refuse(dialect.refuseDirective(judging.message));
  const judge = judging?.judge;
  const councilReading = judge ? undefined : readCouncilRequest(checked.request.lastUserMessage, summary.earlierMessages ?? [], checked.request.model);
  if (councilReading && !councilReading.ok) return refuse(dialect.refuseDirective(councilReading.message));
  const council = councilReading?.council;
  const script = judge ? { ...shared.script, ...judge.script } : council ? { ...shared.script, ...council.script } : shared.script;
  const { request: valid, prompt } = scripted;

  const failureKey = dialect.failureKey(valid);
  let failureInAnswer: Rejection | undefined;
  if (script.status !== undefined && failureKey !== undefined && shouldFail(script, failureKey, state)) {
    const failure = dialect.scriptedFailure(script.status, valid);
    if (!dialect.failsInAnswer?.(valid, script)) return refuse(failure);
    failureInAnswer = failure;
  }
  const asking = { prompt, model: valid.model, judging: judge !== undefined || council !== undefined, scripted: DIRECTIVE.test(checked.request.lastUserMessage) };
  const sampled = withSample(script, asking, exchange.settings.variedAnswers, state);
  const { systemPrompt, temperature } = summary;
  const attachmentsReport = receivedAttachmentsReport(jsonValue(body), checked.request.lastUserMessage);
  return { request: valid, script: sampled, prompt, receivedAt, failureInAnswer, judge, council, systemPrompt, temperature, attachmentsReport };
}

/** Any directive: a question a test scripts, which keeps the answer it computes. */
const DIRECTIVE = /\[\[\w+/;

/**
 * Which asking of a question this is: the sample a test pinned, or the count of this model's earlier askings of it.
 * Brand questions are always counted. Other questions are counted only when the simulator varies its answers (demo
 * mode) and the question carries no directive; otherwise each asking is sample 0, the answer tests compute.
 */
function withSample(
  script: SimulationScript,
  asking: { prompt: string; model: string; judging: boolean; scripted: boolean },
  variedAnswers: boolean,
  state: SimulatorState,
): SimulationScript {
  const { prompt, model } = asking;
  if (script.sample !== undefined || asking.judging || script.echo) return script;
  if (!isBrandQuestion(prompt) && (!variedAnswers || asking.scripted)) return script;
  const key = `${model}\u0000${prompt}`;
  const sample = state.askingsByPrompt.get(key) ?? 0;
  state.askingsByPrompt.set(key, sample + 1);
  return { ...script, sample };
}
