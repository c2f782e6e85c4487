import type { FastifyReply, FastifyRequest } from 'fastify';
import { once } from 'node:events';
import type { ServerResponse } from 'node:http';
import { RUN_FAILURES } from '../../core/runs/index.ts';
import type { ModelResult } from '../../contract/model-result.ts';
import type { AdmittedRun } from '../../core/requests/index.ts';
import { relayRequest, type RelayServices } from '../streaming/relay-request.ts';
import { singleSearchFormat } from '../streaming/stream-formats.ts';
import { deltaChunk, openAiFinishReason, usageChunk, type CompletionIdentity } from './chat-completion-shapes.ts';
import { modelFailureStatus } from './model-failure-status.ts';
import { openAiErrorBody } from './openai-error-format.ts';

/**
 * Streams one admitted question in OpenAI's chunk format, through the same relay loop as the web app's streams
 * (replay then live, the watchdog, graceful shutdown). The status line waits for the first text or the end: a model
 * that fails before writing anything is answered with an HTTP error, as OpenAI does, instead of an empty 200.
 */
export async function relayChatCompletion(
  services: RelayServices,
  request: FastifyRequest,
  reply: FastifyReply,
  options: { requestId: string; runs: AdmittedRun[]; identity: CompletionIdentity; includeUsage: boolean },
): Promise<void> {
  reply.hijack();
  const response = reply.raw;
  const left = new AbortController();
  response.on('close', () => left.abort());
  const writer = new ChunkWriter(response, { ...(reply.getHeaders() as Record<string, string>), 'x-request-id': request.id });
  const { identity } = options;

  const finish = async (result: ModelResult & { response: string }) => {
    if (!writer.opened) {
      await writer.send(deltaChunk(identity, { role: 'assistant', content: '' }));
      if (result.response !== '') await writer.send(deltaChunk(identity, { content: result.response }));
    }
    await writer.send(deltaChunk(identity, {}, openAiFinishReason(result.finishReason)));
    if (options.includeUsage) await writer.send(usageChunk(identity, result));
    writer.done();
  };
  const fail = async (message: string, code: string) => {
    const status = modelFailureStatus(code);
    if (!writer.opened) return writer.refuse(status, openAiErrorBody(status, message, code.toLowerCase()));
    // Mid-answer the status is long sent: OpenAI's clients raise an `error` object found in the stream.
    await writer.send(openAiErrorBody(status, message, code.toLowerCase()));
    writer.end();
  };

  try {
    await relayRequest(services, {
      requestId: options.requestId,
      runs: options.runs,
      format: singleSearchFormat,
      signal: left.signal,
      logger: request.log,
      send: async (frame) => {
        if (frame.event === 'chunk') {
          if (!writer.opened) await writer.send(deltaChunk(identity, { role: 'assistant', content: '' }));
          await writer.send(deltaChunk(identity, { content: frame.data.content }));
        } else if (frame.event === 'end') {
          const { requestId: _requestId, ...result } = frame.data;
          await finish(result);
        } else if (frame.event === 'error') {
          await fail(frame.data.message, frame.data.code);
        }
      },
    });
  } catch (error) {
    request.log.error({ err: error, requestId: options.requestId }, 'chat completion relay failed');
    await fail(RUN_FAILURES.SERVICE_UNAVAILABLE.message, 'SERVICE_UNAVAILABLE');
  } finally {
    writer.end();
  }
}

/** OpenAI's stream on the raw response: `data: <JSON>` lines and a closing `data: [DONE]`, opened on first write. */
class ChunkWriter {
  opened = false;
  private finished = false;

  constructor(
    private readonly response: ServerResponse,
    private readonly headers: Record<string, string>,
  ) {}

  private get writable(): boolean {
    return !this.finished && !this.response.destroyed && !this.response.writableEnded;
  }

  async send(data: unknown): Promise<void> {
    if (!this.writable) return;
    if (!this.opened) {
      this.opened = true;
      this.response.writeHead(200, {
        ...this.headers,
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
      });
    }
    if (!this.response.write(`data: ${JSON.stringify(data)}\n\n`)) {
      await Promise.race([once(this.response, 'drain'), once(this.response, 'close')]);
    }
  }

  /** Before anything was sent: a plain JSON error with its status. */
  refuse(status: number, body: unknown): void {
    if (!this.writable || this.opened) return;
    this.response.writeHead(status, { ...this.headers, 'content-type': 'application/json; charset=utf-8' });
    this.response.end(JSON.stringify(body));
    this.finished = true;
  }

  done(): void {
    if (this.writable) this.response.write('data: [DONE]\n\n');
    this.end();
  }

  end(): void {
    if (this.writable) this.response.end();
    this.finished = true;
  }
}
