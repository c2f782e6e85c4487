import { describe, expect, it } from 'vitest';
import { openEventStream } from './event-stream.ts';

describe('opening an event stream', () => {
  it('says "Stream not supported" when the browser hands over no body to read as it arrives', async () => {
    // A Response whose body is null, as from a browser without readable response streams.
    const bodiless = new Response(null, { status: 200, headers: { 'content-type': 'text/event-stream' } });
    const opened = await openEventStream('/api/search/stream', {}, 'Search failed', new AbortController().signal, { fetch: async () => bodiless });
    expect(opened).toEqual({ message: 'Stream not supported', code: 'stream_not_supported', retryable: false });
  });
});
