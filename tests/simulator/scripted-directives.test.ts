import { describe, expect, it } from 'vitest';
import { parseScriptedDirectives } from '../../simulator/scripted-directives.ts';

function expectFailure(message: string, key: string): void {
  const result = parseScriptedDirectives(message);
  expect(result.ok).toBe(false);
  if (!result.ok) {
    expect(result.key).toBe(key);
    expect(result.message).toContain(key);
  }
}

describe('parseScriptedDirectives', () => {
  it('leaves a message without directives alone apart from tidying whitespace', () => {
    expect(parseScriptedDirectives('  What is   a cache?\n')).toEqual({ ok: true, script: {}, prompt: 'What is a cache?' });
  });

  it('reads every key into the script', () => {
    const result = parseScriptedDirectives(
      'Hi [[simulate status=429 fail-times=2 first-token-ms=300 chunk-ms=5 chunks=12 cut-after=3]]',
    );
    expect(result).toEqual({
      ok: true,
      prompt: 'Hi',
      script: { status: 429, failTimes: 2, firstTokenMs: 300, chunkMs: 5, chunks: 12, cutAfter: 3 },
    });
  });

  it('merges several directives anywhere in the message and strips them all from the prompt', () => {
    const result = parseScriptedDirectives('[[simulate chunks=5]] Tell me  about [[simulate chunk-ms=0]] caching');
    expect(result).toEqual({ ok: true, prompt: 'Tell me about caching', script: { chunks: 5, chunkMs: 0 } });
  });

  it('accepts an empty directive as a no-op', () => {
    expect(parseScriptedDirectives('Hello [[simulate]]')).toEqual({ ok: true, script: {}, prompt: 'Hello' });
  });

  it('accepts every supported failure status', () => {
    for (const status of [400, 401, 429, 500, 502, 503]) {
      const result = parseScriptedDirectives(`[[simulate status=${status}]]`);
      expect(result.ok && result.script.status).toBe(status);
    }
  });

  it('accepts the edges of each range', () => {
    const result = parseScriptedDirectives('[[simulate chunks=1 cut-after=0 first-token-ms=0]] [[simulate chunk-ms=0]]');
    expect(result.ok && result.script).toEqual({ chunks: 1, cutAfter: 0, firstTokenMs: 0, chunkMs: 0 });
    const largest = parseScriptedDirectives('[[simulate chunks=5000]]');
    expect(largest.ok && largest.script.chunks).toBe(5000);
  });

  it('rejects an unknown key and names it', () => {
    expectFailure('Hi [[simulate chunkz=5]]', 'chunkz');
  });

  it('rejects values that are not whole numbers', () => {
    expectFailure('[[simulate chunks=abc]]', 'chunks');
    expectFailure('[[simulate first-token-ms=-1]]', 'first-token-ms');
    expectFailure('[[simulate chunk-ms=1.5]]', 'chunk-ms');
    expectFailure('[[simulate cut-after=]]', 'cut-after');
  });

  it('rejects values out of range', () => {
    expectFailure('[[simulate status=418]]', 'status');
    expectFailure('[[simulate chunks=0]]', 'chunks');
    expectFailure('[[simulate chunks=5001]]', 'chunks');
    expectFailure('[[simulate fail-times=0 status=500]]', 'fail-times');
  });

  it('rejects a token that is not key=value', () => {
    expectFailure('[[simulate status]]', 'status');
    expectFailure('[[simulate =5]]', '=5');
  });

  it('rejects a key given twice, even across directives', () => {
    expectFailure('[[simulate chunks=5]] and [[simulate chunks=6]]', 'chunks');
  });

  it('rejects fail-times without a status to fail with', () => {
    expectFailure('[[simulate fail-times=1]]', 'fail-times');
  });

  it('rejects a directive that is never closed', () => {
    expectFailure('Hi [[simulate status=500', '[[simulate');
    expectFailure('Hi [[simulate status=500]', '[[simulate');
  });
});

describe('directives for one model', () => {
  it('applies a `for=` directive only to models whose id contains it', () => {
    const message = 'Compare us [[simulate for=deepseek status=500]] [[simulate for=groq first-token-ms=900]] [[simulate chunks=7]]';
    const deepseek = parseScriptedDirectives(message, 'deepseek-chat');
    const groq = parseScriptedDirectives(message, 'llama-3.1-8b-instant-groq');
    const openai = parseScriptedDirectives(message, 'gpt-4o-mini');
    expect(deepseek).toMatchObject({ ok: true, script: { status: 500, chunks: 7 }, prompt: 'Compare us' });
    expect(groq).toMatchObject({ ok: true, script: { firstTokenMs: 900, chunks: 7 } });
    expect(openai).toEqual({ ok: true, script: { chunks: 7 }, prompt: 'Compare us' });
  });

  it('still refuses a typo in a directive meant for another model', () => {
    expect(parseScriptedDirectives('Hi [[simulate for=deepseek stauts=500]]', 'gpt-4o-mini')).toMatchObject({ ok: false, key: 'stauts' });
    expect(parseScriptedDirectives('Hi [[simulate for= status=500]]', 'gpt-4o-mini')).toMatchObject({ ok: false, key: 'for' });
  });
});
