import fc from 'fast-check';
import type { RouteOptions } from 'fastify';
import { bodyFor, contentType, nastyString, pathParameter, queryString, rawBody } from './fuzz-arbitraries.ts';

type Schema = Record<string, unknown>;

/** One endpoint as the route table describes it. */
export interface FuzzRoute {
  method: string;
  url: string;
  body?: Schema;
  querystring?: Schema;
  params?: Schema;
}

/**
 * Every HTTP route the server registered, as the fuzzer sees it: one entry per method (HEAD is Fastify's copy of
 * GET), the live socket left to its own fuzzer. Built from the route table, so endpoints added later are fuzzed
 * without anyone listing them.
 */
export function fuzzableRoutes(table: readonly RouteOptions[]): FuzzRoute[] {
  const routes: FuzzRoute[] = [];
  let staticFiles = 0;
  for (const route of table) {
    if ((route as { websocket?: boolean }).websocket) continue;
    // The built client's files are a route each; a few of them stand for all, so the API gets the cases.
    const isStaticFile = !/^\/(api|v1|mcp)(\/|$)/.test(route.url);
    if (isStaticFile && ++staticFiles > 3) continue;
    const methods = (Array.isArray(route.method) ? route.method : [route.method]).filter((method) => method !== 'HEAD');
    const schema = (route.schema ?? {}) as { body?: Schema; querystring?: Schema; params?: Schema };
    for (const method of methods) {
      routes.push({ method, url: route.url, body: schema.body, querystring: schema.querystring, params: schema.params });
    }
  }
  return routes;
}

/** Who the call claims to be. */
type Caller = 'session' | 'nobody' | 'garbage-cookie' | 'garbage-bearer';

export interface FuzzCase {
  route: FuzzRoute;
  path: string;
  query: string;
  body: string | undefined;
  contentType: string | undefined;
  caller: Caller;
  lastEventId: string | undefined;
  /** Other headers a client may send, with odd values (those fetch cannot send are dropped). */
  headers: Record<string, string>;
}

export function fuzzCase(routes: readonly FuzzRoute[]): fc.Arbitrary<FuzzCase> {
  return fc.constantFrom(...routes).chain((route) =>
    fc.record({
      route: fc.constant(route),
      path: fc.array(pathParameter, { minLength: 4, maxLength: 4 }).map((values) => fillPath(route.url, values)),
      query: queryString(route.querystring),
      body: rawBody(bodyFor(route.body)),
      contentType,
      caller: fc.constantFrom<Caller>('session', 'session', 'nobody', 'garbage-cookie', 'garbage-bearer'),
      lastEventId: fc.option(fc.oneof(fc.nat().map(String), nastyString.map((text) => text.replace(/[\r\n\u0000]/g, ''))), { nil: undefined }),
      headers: fc.dictionary(
        // (Not transfer-encoding, expect or connection: fetch refuses to send those itself.)
        fc.constantFrom('origin', 'x-session-id', 'accept', 'accept-encoding', 'x-forwarded-for', 'range', 'if-none-match', 'content-encoding'),
        fc.oneof(nastyString, fc.constantFrom('null', 'https://evil.example', 'gzip', 'br', '*/*', 'bytes=0-1', '1.2.3.4, ::1')),
        { maxKeys: 3 },
      ),
    }),
  );
}

function fillPath(url: string, values: string[]): string {
  let index = 0;
  return url.replace(/:[A-Za-z]+|\*/g, () => values[index++ % values.length]!);
}

export interface FuzzOutcome {
  status: number;
  /** What is wrong with the answer, if anything: a 5xx, or an answer outside the envelope. */
  problem?: string;
}

export interface FuzzTarget {
  baseUrl: string;
  /** The signed-in caller's cookie (replaced when a case signs it out or deletes it). */
  sessionCookie(): string;
}

/** Sends one case and judges the answer. */
export async function sendFuzzCase(target: FuzzTarget, fuzz: FuzzCase): Promise<FuzzOutcome> {
  const headers: Record<string, string> = { ...fuzz.headers };
  if (fuzz.contentType !== undefined) headers['content-type'] = fuzz.contentType;
  if (fuzz.caller === 'session') headers.cookie = target.sessionCookie();
  if (fuzz.caller === 'garbage-cookie') headers.cookie = 'quorum_session=%00garbage; other=\u00ff';
  if (fuzz.caller === 'garbage-bearer') headers.authorization = 'Bearer qk_not-a-real-key';
  if (fuzz.lastEventId !== undefined) headers['last-event-id'] = fuzz.lastEventId;
  const sendsBody = fuzz.route.method !== 'GET' && fuzz.body !== undefined;
  const url = `${target.baseUrl}${fuzz.path}${fuzz.query === '' ? '' : `?${fuzz.query}`}`;
  const send = () =>
    fetch(url, {
      method: fuzz.route.method,
      headers: headersThatFetchAccepts(headers),
      ...(sendsBody ? { body: fuzz.body } : {}),
      // A redirect is an answer in its own right (the docs' static files redirect, some in a loop).
      redirect: 'manual',
      signal: AbortSignal.timeout(15_000),
    });
  let response: Response;
  let resetOnce = false;
  try {
    response = await send().catch(async (error: unknown) => {
      // A keep-alive connection the server had just closed (after refusing an oversized request on it) may be
      // picked for this call at the same moment: a race in the client's pool, not an answer. Tried once more.
      if (!isConnectionReset(error)) throw error;
      resetOnce = true;
      return send();
    });
  } catch (error) {
    const name = (error as Error).name;
    const cause = (error as { cause?: { code?: string } }).cause?.code ?? '';
    // The API reference's static files redirect to themselves with the query copied into Location; with a query
    // near the size limit, that header is more than the client reads. A quirk of the docs plugin, not an outage.
    if (cause === 'UND_ERR_HEADERS_OVERFLOW' && fuzz.route.url.startsWith('/api/docs')) return { status: 302 };
    return { status: 0, problem: name === 'TimeoutError' ? 'no answer within 15 s' : `connection failed${resetOnce ? ' twice' : ''}: ${(error as Error).message} ${cause}` };
  }
  const type = response.headers.get('content-type') ?? '';
  if (type.startsWith('text/event-stream')) {
    // An admitted question: its stream is the answer, not an envelope. Leave; the server carries on without us.
    await response.body?.cancel();
    return { status: response.status, ...(response.status >= 500 ? { problem: `${response.status} event stream` } : {}) };
  }
  const text = await response.text();
  if (response.status >= 500 && !expectedUnavailable(fuzz.route.url, text)) return { status: response.status, problem: `${response.status}: ${text.slice(0, 300)}` };
  const judged = judge(fuzz.route.url, response, type, text);
  return { status: response.status, ...(judged.problem ? { problem: `${response.status}, ${judged.problem}` } : {}) };
}

/**
 * The one 5xx the fuzzer lets pass: the test stack has no Stripe account, and payments then answer
 * 503 PAYMENT_UNAVAILABLE by design (a "not configured" that, unlike Google sign-in's, is still reported as an
 * outage). Anything else 5xx is a problem.
 */
function expectedUnavailable(routeUrl: string, text: string): boolean {
  return routeUrl.startsWith('/api/payments') && text.includes('"PAYMENT_UNAVAILABLE"');
}

/** Our own API answers in the envelope; the OpenAI-compatible API, MCP and the docs speak their own formats. */
function judge(routeUrl: string, response: Response, type: string, text: string): { problem?: string } {
  if (!routeUrl.startsWith('/api/') || routeUrl.startsWith('/api/docs') || routeUrl === '/api/openapi.json') return {};
  if (response.status >= 300 && response.status < 400) return {};
  if (!response.headers.get('x-request-id')) return { problem: 'no x-request-id header' };
  // A success may be a file (a CSV export); a refusal is always the envelope.
  if (response.ok && !type.startsWith('application/json')) return {};
  if (!type.startsWith('application/json')) return { problem: `content-type ${type || 'missing'} instead of the envelope` };
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return { problem: `body is not JSON: ${text.slice(0, 200)}` };
  }
  return isEnvelope(body, response.ok) ? {} : { problem: `answer outside the envelope: ${text.slice(0, 300)}` };
}

function isEnvelope(body: unknown, ok: boolean): boolean {
  if (typeof body !== 'object' || body === null || !('success' in body) || !('data' in body)) return false;
  const envelope = body as { success: unknown; error?: unknown };
  if (ok) return envelope.success === true;
  const error = envelope.error as { message?: unknown; code?: unknown } | null | undefined;
  return envelope.success === false && typeof error?.message === 'string' && typeof error.code === 'string' && error.code !== '';
}

function isConnectionReset(error: unknown): boolean {
  const code = (error as { cause?: { code?: string } }).cause?.code;
  return code === 'ECONNRESET' || code === 'UND_ERR_SOCKET' || code === 'EPIPE';
}

/** fetch refuses header values it cannot send (non-Latin-1, NUL, line breaks); those are dropped, not fuzzed. */
function headersThatFetchAccepts(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).filter(([, value]) => /^[\t\x20-\x7e\x80-\xff]*$/.test(value)));
}
