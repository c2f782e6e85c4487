import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { handleGroundingRedirect, REDIRECT_PATH } from './gemini/grounding-redirects.ts';
import type { AddressInfo } from 'node:net';
import { handleChatCompletions } from './openai-chat-completions.ts';
import { handleResponses } from './openai-responses.ts';
import { handleAnthropicMessages } from './anthropic/anthropic-messages.ts';
import { handleGemini } from './gemini/gemini-generate-content.ts';
import { handleSerpApiSearch } from './serpapi/serpapi-search.ts';
import { type ContentChunkWritten, type SimulatedExchange, type SimulatorSettings, type SimulatorState } from './simulated-exchange.ts';
import { invalidRequest, sendJson, sendOpenAIError, serverError } from './openai-error-response.ts';
import type { SimulatedRequest } from './simulated-request.ts';
import { StreamGates } from './stream-gates.ts';

export type { ContentChunkWritten } from './simulated-exchange.ts';
export type { SimulatedRequest } from './simulated-request.ts';

export interface ProviderSimulatorOptions {
  host?: string;
  /** 0 (the default) picks a free port. */
  port?: number;
  /** delay between content chunks when the prompt does not say; default 15 */
  defaultChunkDelayMs?: number;
  /** default number of content chunks when not scripted; default 40 */
  defaultChunkCount?: number;
  /**
   * Answer as a live model does, for demo mode: each asking of a question is a new sample, so asking again reads a
   * little differently (more so the hotter the temperature, not at all at 0), and a brand question's answer names
   * the brands the question names. Off (the default), an unscripted ordinary question always gets the same answer
   * and a question is never echoed, which is what tests compute and compare against.
   */
  variedAnswers?: boolean;
  /**
   * Called right after each streamed content chunk has been written to the socket, so a benchmark running the
   * simulator in its own process can time what happens to the chunk afterwards on the same clock. Runs inside the
   * stream's loop: keep it quick, and do not throw (a throw ends that stream). Absent, it costs nothing.
   */
  onContentChunkWritten?: (chunk: ContentChunkWritten) => void;
}

export interface RunningProviderSimulator {
  /** e.g. `http://127.0.0.1:PORT` */
  url: string;
  /** `${url}/openai/v1`, ready for the OpenAI SDK's `baseURL`. */
  openaiBaseUrl: string;
  /** Every provider request received, in arrival order, including rejected ones. */
  requests: SimulatedRequest[];
  /**
   * From now on, answers from `model` report `version` as the model that answered (null: the requested id again),
   * in every wire format. How tests play a provider silently moving a model name to a new snapshot.
   */
  setReportedModelVersion(model: string, version: string | null): void;
  /** Lets the answers held at `gate` by `hold-after` now go on; returns how many (see `stream-gates.ts`). */
  releaseHeld(gate?: number): number;
  /** How many answers are held at `gate` now: a test waits for its answer to be there before the step it holds for. */
  heldAt(gate?: number): number;
  /** Stops listening and destroys open connections, including streams in progress. */
  close(): Promise<void>;
}

function checkWholeNumber(name: string, value: number, minimum: number): void {
  if (!Number.isInteger(value) || value < minimum) throw new RangeError(`${name} must be a whole number >= ${minimum}, got ${value}`);
}

/** The address clients should use: a wildcard bind is reachable on loopback, and IPv6 needs brackets in a URL. */
function urlHost(address: AddressInfo): string {
  if (address.address === '0.0.0.0') return '127.0.0.1';
  if (address.address === '::') return '[::1]';
  return address.family === 'IPv6' ? `[${address.address}]` : address.address;
}

export async function startProviderSimulator(options: ProviderSimulatorOptions = {}): Promise<RunningProviderSimulator> {
  const settings: SimulatorSettings = {
    defaultChunkDelayMs: options.defaultChunkDelayMs ?? 15,
    defaultChunkCount: options.defaultChunkCount ?? 40,
    variedAnswers: options.variedAnswers ?? false,
    onContentChunkWritten: options.onContentChunkWritten,
  };
  checkWholeNumber('defaultChunkDelayMs', settings.defaultChunkDelayMs, 0);
  checkWholeNumber('defaultChunkCount', settings.defaultChunkCount, 1);
  const state: SimulatorState = {
    requests: [],
    failuresByPrompt: new Map(),
    reportedModelVersions: new Map(),
    askingsByPrompt: new Map(),
    gates: new StreamGates(),
  };

  const route = async (request: IncomingMessage, response: ServerResponse, signal: AbortSignal): Promise<void> => {
    const url = new URL(request.url ?? '/', 'http://simulator.invalid');
    const path = url.pathname;
    const exchange: SimulatedExchange = { request, response, url, settings, state, signal };
    if (request.method === 'POST' && path.endsWith('/chat/completions')) {
      await handleChatCompletions(exchange);
    } else if (request.method === 'POST' && path === '/anthropic/v1/messages') {
      await handleAnthropicMessages(exchange);
    } else if (request.method === 'POST' && path === '/openai/v1/responses') {
      await handleResponses(exchange);
    } else if (request.method === 'GET' && path.startsWith(`/gemini${REDIRECT_PATH}`)) {
      request.resume();
      await handleGroundingRedirect(path, response, signal);
    } else if (path.startsWith('/gemini/')) {
      await handleGemini(exchange);
    } else if (request.method === 'GET' && (path === '/serpapi/search.json' || path === '/serpapi/search')) {
      await handleSerpApiSearch(exchange);
    } else if (request.method === 'GET' && path === '/health') {
      sendJson(response, 200, { status: 'ok' });
    } else {
      request.resume();
      sendOpenAIError(response, 404, invalidRequest(`Invalid URL (${request.method ?? 'GET'} ${path})`));
    }
  };

  const server = createServer((request, response) => {
    const controller = new AbortController();
    // 'close' fires when the response ends or the socket dies; either way nothing more should be written.
    response.on('close', () => controller.abort());
    route(request, response, controller.signal).catch((error: unknown) => {
      if (controller.signal.aborted) return;
      if (response.headersSent) {
        response.destroy();
        return;
      }
      const message = error instanceof Error ? error.message : String(error);
      sendOpenAIError(response, 500, serverError(`Simulator error: ${message}`));
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });

  const url = `http://${urlHost(server.address() as AddressInfo)}:${(server.address() as AddressInfo).port}`;
  let closing: Promise<void> | undefined;

  return {
    url,
    openaiBaseUrl: `${url}/openai/v1`,
    requests: state.requests,
    setReportedModelVersion(model, version) {
      if (version === null) state.reportedModelVersions.delete(model);
      else state.reportedModelVersions.set(model, version);
    },
    releaseHeld: (gate = 0) => state.gates.release(gate),
    heldAt: (gate = 0) => state.gates.held(gate),
    close() {
      closing ??= new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        // close() alone waits for every open stream to finish; tests must never hang on a slow scripted stream.
        server.closeAllConnections();
      });
      return closing;
    },
  };
}
