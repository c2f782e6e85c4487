import { createServer, type RequestListener } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll } from 'vitest';
import type { ProviderId } from '../../core/config/config.ts';
import {
  startProviderSimulator,
  type ProviderSimulatorOptions,
  type RunningProviderSimulator,
  type SimulatedRequest,
} from '../../simulator/provider-simulator.ts';
import { simulatorBaseUrls } from '../../simulator/simulator-base-urls.ts';
import {
  ProviderError,
  type AnswerPart,
  type AnswerProvider,
  type AnswerRequest,
  type AnswerSource,
  type ProviderConnection,
} from '../../worker/providers/answer-provider.ts';

/**
 * The plumbing every provider test shares, so each test file keeps only its adapter and its assertions: one
 * simulator per file, an adapter's answer run to the end and sorted into what tests check, and one-off HTTP servers
 * for what the simulator cannot script.
 */

/** The file's simulator, readable once `beforeAll` has started it. */
export interface ProviderSimulatorHandle {
  readonly url: string;
  readonly openaiBaseUrl: string;
  /** Every request the simulator received, in arrival order, including rejected ones. */
  readonly requests: SimulatedRequest[];
  /** Each provider's base URL, spelled as its SDK expects. */
  readonly baseUrls: Record<ProviderId, string>;
  /** The requests whose last user message was exactly `prompt`, directives included. */
  requestsFor(prompt: string): SimulatedRequest[];
  /** Runs `action` and returns what it returned with the requests that reached the simulator meanwhile. */
  requestsDuring<T>(action: () => Promise<T>): Promise<{ result: T; requests: SimulatedRequest[] }>;
  /** The simulator's gates for `hold-after` answers. */
  releaseHeld(gate?: number): number;
  heldAt(gate?: number): number;
}

/** Starts a simulator before the file's tests and closes it after them. Streams are quick unless options say not. */
export function useProviderSimulator(options: ProviderSimulatorOptions = { defaultChunkDelayMs: 1 }): ProviderSimulatorHandle {
  let running: RunningProviderSimulator | undefined;
  beforeAll(async () => {
    running = await startProviderSimulator(options);
  });
  afterAll(async () => {
    await running?.close();
  });
  const current = (): RunningProviderSimulator => {
    if (!running) throw new Error('The provider simulator starts in beforeAll: use it inside a test or hook.');
    return running;
  };
  return {
    get url() {
      return current().url;
    },
    get openaiBaseUrl() {
      return current().openaiBaseUrl;
    },
    get requests() {
      return current().requests;
    },
    get baseUrls() {
      return simulatorBaseUrls(current().url);
    },
    requestsFor: (prompt) => current().requests.filter((request) => request.lastUserMessage === prompt),
    releaseHeld: (gate) => current().releaseHeld(gate),
    heldAt: (gate) => current().heldAt(gate),
    async requestsDuring(action) {
      const before = current().requests.length;
      const result = await action();
      return { result, requests: current().requests.slice(before) };
    },
  };
}

/** What a test may change about an adapter's connection: a wrong key, a stub server, a short timeout. */
export interface ConnectionOverrides {
  apiKey?: string;
  baseUrl?: string;
  requestTimeoutMs?: number;
}

/** An adapter's connection to `baseUrl` with a key the simulator accepts and a timeout no healthy test reaches. */
export function testConnection(engine: string, baseUrl: string, overrides: ConnectionOverrides = {}): ProviderConnection {
  return {
    engine,
    apiKey: overrides.apiKey ?? 'test-key',
    baseUrl: overrides.baseUrl ?? baseUrl,
    requestTimeoutMs: overrides.requestTimeoutMs ?? 5000,
  };
}

/** A simulator of its own for one test (say, one that reports its writes), closed however the test ends. */
export async function withProviderSimulator(
  options: ProviderSimulatorOptions,
  run: (simulator: RunningProviderSimulator) => Promise<void>,
): Promise<void> {
  const simulator = await startProviderSimulator(options);
  try {
    await run(simulator);
  } finally {
    await simulator.close();
  }
}

/** A one-off HTTP server for what the simulator's directives cannot script (a 529, headers that never come). */
export async function withStubServer(listener: RequestListener, run: (baseUrl: string) => Promise<void>): Promise<void> {
  const server = createServer(listener);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    await run(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  } finally {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

export interface CollectedAnswer {
  parts: AnswerPart[];
  /** Each text part's text, in order. */
  texts: string[];
  /** The texts joined: the answer as a reader sees it. */
  text: string;
  /** Every source from every sources part, in order. */
  sources: AnswerSource[];
  usage: Extract<AnswerPart, { type: 'usage' }> | undefined;
  finish: Extract<AnswerPart, { type: 'finish' }> | undefined;
  error: ProviderError | undefined;
  /** Milliseconds from the start of collecting to the first text part; undefined when none came. */
  firstTextAfterMs: number | undefined;
}

/**
 * Reads a stream of answer parts to its end. A ProviderError is the expected way for an answer to fail, so it is
 * returned; anything else is a bug in the adapter and fails the test with the error itself.
 */
export async function collectParts(stream: AsyncIterable<AnswerPart>, onPart?: (part: AnswerPart) => void): Promise<CollectedAnswer> {
  const startedAt = performance.now();
  const parts: AnswerPart[] = [];
  let firstTextAt: number | undefined;
  let error: ProviderError | undefined;
  try {
    for await (const part of stream) {
      if (part.type === 'text') firstTextAt ??= performance.now();
      parts.push(part);
      onPart?.(part);
    }
  } catch (caught) {
    if (!(caught instanceof ProviderError)) throw caught;
    error = caught;
  }
  const texts = parts.flatMap((part) => (part.type === 'text' ? [part.text] : []));
  return {
    parts,
    texts,
    text: texts.join(''),
    sources: parts.flatMap((part) => (part.type === 'sources' ? part.sources : [])),
    usage: parts.findLast((part) => part.type === 'usage'),
    finish: parts.findLast((part) => part.type === 'finish'),
    error,
    firstTextAfterMs: firstTextAt === undefined ? undefined : firstTextAt - startedAt,
  };
}

/** What a test asks an adapter: `webSearch` defaults to false and `signal` to one that never aborts. */
export type AnswerQuestion = Omit<AnswerRequest, 'webSearch' | 'signal'> & { webSearch?: boolean; signal?: AbortSignal | undefined };

export function collectAnswer(provider: AnswerProvider, question: AnswerQuestion, onPart?: (part: AnswerPart) => void): Promise<CollectedAnswer> {
  const { webSearch = false, signal = new AbortController().signal, ...rest } = question;
  return collectParts(provider.streamAnswer({ ...rest, webSearch, signal }), onPart);
}
