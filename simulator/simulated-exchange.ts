import type { IncomingMessage } from 'node:http';
import type { ContentChunkWritten } from './chat-completion-stream.ts';
import type { SimulationScript } from './scripted-directives.ts';
import type { SimulatedRequest } from './simulated-request.ts';

/**
 * What every simulated provider shares: the settings and per-instance state, reading a request body, and deciding
 * whether a scripted fault applies. Each provider's handler (OpenAI, Anthropic, Gemini, SerpApi) builds on these
 * and only adds its own wire format.
 */
export interface SimulatorSettings {
  defaultChunkDelayMs: number;
  defaultChunkCount: number;
  onContentChunkWritten: ((chunk: ContentChunkWritten) => void) | undefined;
}

/** State that lives as long as one simulator instance. */
export interface SimulatorState {
  requests: SimulatedRequest[];
  /** How many times each prompt+model has failed so far, for `fail-times`. */
  failuresByPrompt: Map<string, number>;
}

const maximumBodyBytes = 10 * 1024 * 1024;

export async function readBody(request: IncomingMessage): Promise<string | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    const buffer = chunk as Buffer;
    size += buffer.length;
    if (size > maximumBodyBytes) return undefined;
    chunks.push(buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

export function bearerToken(request: IncomingMessage): string {
  const match = /^Bearer\s+(.*)$/i.exec(request.headers.authorization ?? '');
  return match?.[1]?.trim() ?? '';
}

export function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
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

