/**
 * Tests and the browser end-to-end test script faults and timing through the prompt itself, because the prompt is
 * the only thing that travels unchanged from a typed question through the server and worker to the provider.
 *
 * Syntax: `[[simulate key=value key=value]]`, anywhere in the last user message, any number of times. A directive
 * with `for=<text>` applies only to models whose id contains that text, so one question sent to several models (a
 * comparison) can script a different fault for each: `[[simulate for=deepseek status=500]]`.
 */

export type SimulatedFailureStatus = 400 | 401 | 429 | 500 | 502 | 503;

export interface SimulationScript {
  /** Answer with this HTTP error instead of a completion. */
  status?: SimulatedFailureStatus;
  /** Only the first N requests with the same prompt and model fail; needs `status`. */
  failTimes?: number;
  /** Wait after the response headers before the first content chunk. */
  firstTokenMs?: number;
  /** Wait between content chunks. */
  chunkMs?: number;
  /** How many content chunks (words) the answer has. */
  chunks?: number;
  /** Destroy the connection after this many content chunks. */
  cutAfter?: number;
  /**
   * `hostile=1`: the answer carries what Postgres cannot store (a NUL, a lone surrogate, an emoji split across two
   * chunks) and the web pages it cites include `javascript:` and `data:` addresses and a title cut inside an emoji.
   */
  hostile?: number;
  /**
   * `echo=1`: the answer is the prompt itself (directives removed, whitespace tidied), one word per piece, so a test
   * can script exactly what the model says (markdown, raw HTML) through the question. Overrides `chunks`.
   */
  echo?: number;
  /**
   * `sample=N`: which asking of a brand question this is (see `brand-answer.ts`). Without it the simulator counts
   * the askings of each question and model itself, so repeated samples differ; with it a test pins one.
   */
  sample?: number;
  /**
   * `broken-redirects=1`: a Gemini grounded answer also names two pages whose redirect links fail, one answering 404
   * and one never answering, so a test can see how an unfollowed redirect is recorded.
   */
  brokenRedirects?: number;
  /**
   * `hold-after=N`: a streamed answer writes N pieces, then waits at its gate (`gate=G`, 0 by default) until a test
   * releases it (see `stream-gates.ts`), so it is certainly still streaming at whatever step the test takes meanwhile.
   */
  holdAfter?: number;
  gate?: number;
}

export type DirectiveParseResult =
  | { ok: true; script: SimulationScript; /** The message with directives removed and whitespace tidied. */ prompt: string }
  | { ok: false; /** The offending key, or the raw token when it is not `key=value`. */ key: string; message: string };

const failureStatuses: readonly SimulatedFailureStatus[] = [400, 401, 429, 500, 502, 503];

interface IntegerRange {
  minimum: number;
  maximum: number;
}

const integerKeys = {
  'fail-times': { minimum: 1, maximum: 1_000_000 },
  'first-token-ms': { minimum: 0, maximum: 600_000 },
  'chunk-ms': { minimum: 0, maximum: 60_000 },
  chunks: { minimum: 1, maximum: 5_000 },
  'cut-after': { minimum: 0, maximum: 5_000 },
  hostile: { minimum: 0, maximum: 1 },
  echo: { minimum: 0, maximum: 1 },
  sample: { minimum: 0, maximum: 1_000_000 },
  'broken-redirects': { minimum: 0, maximum: 1 },
  'hold-after': { minimum: 0, maximum: 5_000 },
  gate: { minimum: 0, maximum: 1_000 },
} satisfies Record<string, IntegerRange>;

type IntegerKey = keyof typeof integerKeys;

const scriptFieldByKey: Record<IntegerKey, Exclude<keyof SimulationScript, 'status'>> = {
  'fail-times': 'failTimes',
  'first-token-ms': 'firstTokenMs',
  'chunk-ms': 'chunkMs',
  chunks: 'chunks',
  'cut-after': 'cutAfter',
  hostile: 'hostile',
  echo: 'echo',
  sample: 'sample',
  'broken-redirects': 'brokenRedirects',
  'hold-after': 'holdAfter',
  gate: 'gate',
};

export const knownDirectiveKeys: readonly string[] = ['status', 'for', ...Object.keys(integerKeys)];

const directivePattern = /\[\[simulate(?:\s+([^\]]*?))?\s*\]\]/g;

function isIntegerKey(key: string): key is IntegerKey {
  return Object.hasOwn(integerKeys, key);
}

function failure(key: string, problem: string): DirectiveParseResult {
  return { ok: false, key, message: `Invalid simulator directive "${key}": ${problem}` };
}

export function parseScriptedDirectives(message: string, model?: string): DirectiveParseResult {
  const script: SimulationScript = {};
  const seenKeys = new Set<string>();

  for (const match of message.matchAll(directivePattern)) {
    const tokens = (match[1] ?? '').split(/\s+/).filter((part) => part !== '');
    const target = tokens.find((token) => token.startsWith('for='))?.slice(4);
    if (target === '') return failure('for', 'expected part of a model id');
    // Scripted for another model: still checked for typos below, but applied to nobody else.
    const applies = target === undefined || model === undefined || model.includes(target);
    const scope = applies ? seenKeys : new Set<string>();
    const into: SimulationScript = applies ? script : {};
    for (const token of tokens.filter((candidate) => !candidate.startsWith('for='))) {
      const separator = token.indexOf('=');
      if (separator <= 0) return failure(token, 'expected key=value');
      const key = token.slice(0, separator);
      const value = token.slice(separator + 1);

      if (scope.has(key)) return failure(key, 'given more than once');
      scope.add(key);

      if (!/^\d+$/.test(value)) return failure(key, `expected a whole number, got "${value}"`);
      const number = Number(value);

      if (key === 'status') {
        const status = failureStatuses.find((candidate) => candidate === number);
        if (status === undefined) return failure(key, `expected one of ${failureStatuses.join(', ')}, got ${value}`);
        into.status = status;
      } else if (isIntegerKey(key)) {
        const range = integerKeys[key];
        if (number < range.minimum || number > range.maximum) {
          return failure(key, `expected ${range.minimum}..${range.maximum}, got ${value}`);
        }
        into[scriptFieldByKey[key]] = number;
      } else {
        return failure(key, `unknown key (known keys: ${knownDirectiveKeys.join(', ')})`);
      }
    }
  }

  const remaining = message.replace(directivePattern, ' ');
  // A half-typed directive would otherwise reach the answer as plain text and the test would pass for the wrong reason.
  if (remaining.includes('[[simulate')) return failure('[[simulate', 'directive is not closed with "]]"');
  if (script.failTimes !== undefined && script.status === undefined) {
    return failure('fail-times', 'needs a status to fail with');
  }

  return { ok: true, script, prompt: remaining.replace(/\s+/g, ' ').trim() };
}
