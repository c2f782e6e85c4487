import type { IncomingMessage, ServerResponse } from 'node:http';
import type { SimulationScript } from './scripted-directives.ts';
import type { SimulatedRequest } from './simulated-request.ts';
import type { StreamGates } from './stream-gates.ts';

/**
 * What every simulated provider shares: the settings and per-instance state, the exchange each handler receives,
 * reading a request's key and body, and deciding whether a scripted fault applies. Each provider's handler
 * (OpenAI, Anthropic, Gemini, SerpApi) builds on these and only adds its own wire format.
 */

/** One content chunk that has just been handed to the socket; see `ProviderSimulatorOptions.onContentChunkWritten`. */
export interface ContentChunkWritten {
  /** The last user message with its directives removed. */
  prompt: string;
  /** 0 for the first content chunk (the empty role chunk before it is not counted). */
  index: number;
  /** `performance.now()` in the simulator's process once the write completed. */
  writtenAt: number;
  /** The chunk's text length (UTF-16 code units), so a reader that receives chunks merged can tell which it has. */
  characters: number;
}

export interface SimulatorSettings {
  defaultChunkDelayMs: number;
  defaultChunkCount: number;
  /** Demo mode: every asking is a new sample, and brand answers name the brands their question names. */
  variedAnswers: boolean;
  onContentChunkWritten: ((chunk: ContentChunkWritten) => void) | undefined;
}

/** State that lives as long as one simulator instance. */
export interface SimulatorState {
  requests: SimulatedRequest[];
  /** How many times each prompt+model has failed so far, for `fail-times`. */
  failuresByPrompt: Map<string, number>;
  /** Model versions to report instead of the requested model id (see `setReportedModelVersion`). */
  reportedModelVersions: Map<string, string>;
  /** How many times each question+model has been asked so far (brand questions, or any when answers vary): the next asking's sample. */
  askingsByPrompt: Map<string, number>;
  /** Where `hold-after` answers wait until a test opens their gate. */
  gates: StreamGates;
}

/**
 * The model version an answer reports in its wire format (OpenAI's and Anthropic's `model`, Gemini's
 * `modelVersion`): the requested id, unless a test has told the simulator the provider moved that model on.
 */
export function reportedModelVersion(state: SimulatorState, model: string): string {
  return state.reportedModelVersions.get(model) ?? model;
}

/** One request as the router hands it to a provider's handler. */
export interface SimulatedExchange {
  request: IncomingMessage;
  response: ServerResponse;
  url: URL;
  settings: SimulatorSettings;
  state: SimulatorState;
  /** Aborts when the client or the simulator goes away, so nothing is written into a dead socket. */
  signal: AbortSignal;
}

/** A request body as read: parsed JSON, text that is not JSON, or more than the simulator accepts. */
export type RequestBody = { kind: 'json'; value: unknown } | { kind: 'not-json' } | { kind: 'too-large' };

/** Room for four 5 MB images in base64 (about 27 MB), under the 32 MB Anthropic takes. */
const maximumBodyBytes = 32 * 1024 * 1024;

export async function readJsonBody(request: IncomingMessage): Promise<RequestBody> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    const buffer = chunk as Buffer;
    size += buffer.length;
    if (size > maximumBodyBytes) return { kind: 'too-large' };
    chunks.push(buffer);
  }
  try {
    return { kind: 'json', value: JSON.parse(Buffer.concat(chunks).toString('utf8')) };
  } catch {
    return { kind: 'not-json' };
  }
}

/** The parsed body, or undefined when there is none to read fields from. */
export function jsonValue(body: RequestBody | undefined): unknown {
  return body?.kind === 'json' ? body.value : undefined;
}

export function bearerToken(request: IncomingMessage): string {
  const match = /^Bearer\s+(.*)$/i.exec(request.headers.authorization ?? '');
  return match?.[1]?.trim() ?? '';
}

/** A single-valued header, trimmed; '' when absent. */
export function headerText(request: IncomingMessage, name: string): string {
  const header = request.headers[name];
  return (Array.isArray(header) ? header[0] : header)?.trim() ?? '';
}

/** Sends a whole body with its length, as the real APIs do for everything that is not a stream. */
export function sendBody(
  response: ServerResponse,
  status: number,
  contentType: string,
  payload: string,
  headers: Record<string, string> = {},
): void {
  response.writeHead(status, { 'content-type': contentType, 'content-length': Buffer.byteLength(payload), ...headers });
  response.end(payload);
}

/** Decides whether a scripted failure applies to this request, counting it when it does. */
export function shouldFail(script: SimulationScript, failureKey: string, state: SimulatorState): boolean {
  if (script.status === undefined) return false;
  if (script.failTimes === undefined) return true;
  const failedSoFar = state.failuresByPrompt.get(failureKey) ?? 0;
  if (failedSoFar >= script.failTimes) return false;
  state.failuresByPrompt.set(failureKey, failedSoFar + 1);
  return true;
}
