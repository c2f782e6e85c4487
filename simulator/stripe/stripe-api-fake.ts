import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { formText, parseFormBody, type FormObject } from './form-body.ts';

/**
 * A local stand-in for the part of Stripe's API Quorum uses, speaking its wire format closely enough that the real
 * `stripe` SDK (pointed here by STRIPE_API_BASE_URL) and a browser's payment form work against it:
 * - `POST /v1/payment_intents` creates an intent, honouring `Idempotency-Key` like Stripe (the same key and body
 *   replay the first answer; the same key with another body is an `idempotency_error`);
 * - `GET /v1/payment_intents/:id` retrieves one;
 * - `POST /v1/payment_intents/:id/confirm` confirms it with a test payment method, authorised by the secret key,
 *   or by the publishable key plus the intent's client secret (as Stripe.js does from the browser).
 * Test payment methods: `pm_card_visa` succeeds, `pm_card_chargeDeclined` is declined, `pm_card_processing`
 * leaves the intent processing. Tests can also set an intent's status directly.
 */

export type FakeIntentStatus = 'requires_payment_method' | 'requires_confirmation' | 'requires_action' | 'processing' | 'succeeded' | 'canceled';

export interface FakePaymentIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  currency: string;
  status: FakeIntentStatus;
  client_secret: string;
  description: string | null;
  metadata: Record<string, string>;
  latest_charge: string | null;
  last_payment_error: { type: string; code: string; message: string } | null;
  payment_method_types: string[];
  created: number;
  livemode: false;
}

export interface StripeApiFakeOptions {
  secretKey: string;
  publishableKey: string;
}

export interface RunningStripeApiFake {
  /** e.g. `http://127.0.0.1:PORT`, for STRIPE_API_BASE_URL. */
  url: string;
  intents: Map<string, FakePaymentIntent>;
  /** How many create calls arrived, including idempotent replays (which created nothing). */
  createCalls: number;
  setStatus(intentId: string, status: FakeIntentStatus): void;
  /** Confirms an intent as a browser would, with a test payment method. */
  confirm(intentId: string, paymentMethod?: string): FakePaymentIntent;
  close(): Promise<void>;
}

interface StoredReply {
  body: string;
  status: number;
  payload: unknown;
}

class StripeFakeError extends Error {
  constructor(
    readonly status: number,
    readonly type: string,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** `allowed_payment_method_types[0]=card…` as Stripe reports it back (`payment_method_types`); cards when not said. */
function allowedMethods(body: FormObject): string[] {
  const allowed = body.allowed_payment_method_types;
  if (typeof allowed !== 'object') return ['card'];
  return Object.values(allowed).filter((value): value is string => typeof value === 'string');
}

function id(prefix: string): string {
  return `${prefix}_${randomBytes(12).toString('base64url').replaceAll(/[-_]/g, 'x')}`;
}

export async function startStripeApiFake(options: StripeApiFakeOptions, port = 0): Promise<RunningStripeApiFake> {
  const intents = new Map<string, FakePaymentIntent>();
  const idempotentReplies = new Map<string, StoredReply>();
  const state = { createCalls: 0 };

  function confirmIntent(intent: FakePaymentIntent, paymentMethod: string): FakePaymentIntent {
    if (intent.status === 'succeeded' || intent.status === 'canceled') {
      throw new StripeFakeError(400, 'invalid_request_error', 'payment_intent_unexpected_state', `This PaymentIntent's status is ${intent.status}.`);
    }
    if (paymentMethod === 'pm_card_chargeDeclined') {
      intent.status = 'requires_payment_method';
      intent.last_payment_error = { type: 'card_error', code: 'card_declined', message: 'Your card was declined.' };
      throw new StripeFakeError(402, 'card_error', 'card_declined', 'Your card was declined.');
    }
    intent.last_payment_error = null;
    intent.status = paymentMethod === 'pm_card_processing' ? 'processing' : 'succeeded';
    if (intent.status === 'succeeded') intent.latest_charge = id('ch');
    return intent;
  }

  function authorise(request: IncomingMessage, body: FormObject, intent?: FakePaymentIntent): void {
    const bearer = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1] ?? formText(body, 'key');
    if (bearer === options.secretKey) return;
    // The browser confirms with the publishable key and must prove it holds this intent's client secret.
    if (bearer === options.publishableKey && intent && formText(body, 'client_secret') === intent.client_secret) return;
    throw new StripeFakeError(401, 'invalid_request_error', 'api_key_invalid', 'Invalid API Key provided.');
  }

  function route(request: IncomingMessage, bodyText: string): { status: number; payload: unknown } {
    const url = new URL(request.url ?? '/', 'http://stripe.fake');
    const body = parseFormBody(bodyText);
    const match = /^\/v1\/payment_intents(?:\/([^/]+))?(\/confirm)?$/.exec(url.pathname);
    if (!match) throw new StripeFakeError(404, 'invalid_request_error', 'resource_missing', `Unrecognized request URL (${request.method}: ${url.pathname}).`);
    const [, intentId, confirm] = match;

    if (!intentId && request.method === 'POST') {
      authorise(request, body);
      state.createCalls += 1;
      const key = request.headers['idempotency-key'];
      if (typeof key === 'string') {
        const earlier = idempotentReplies.get(key);
        if (earlier) {
          if (earlier.body !== bodyText) {
            throw new StripeFakeError(400, 'idempotency_error', 'idempotency_key_in_use', 'Keys for idempotent requests can only be used with the same parameters they were first used with.');
          }
          return { status: earlier.status, payload: earlier.payload };
        }
      }
      const amount = Number(formText(body, 'amount'));
      const currency = formText(body, 'currency');
      if (!Number.isInteger(amount) || amount < 50) throw new StripeFakeError(400, 'invalid_request_error', 'amount_too_small', 'Amount must be at least $0.50 usd');
      if (!currency) throw new StripeFakeError(400, 'invalid_request_error', 'parameter_missing', 'Missing required param: currency.');
      const created = id('pi');
      const metadata = body.metadata;
      const intent: FakePaymentIntent = {
        id: created,
        object: 'payment_intent',
        amount,
        currency,
        status: 'requires_payment_method',
        client_secret: `${created}_secret_${randomBytes(12).toString('hex')}`,
        description: formText(body, 'description') ?? null,
        metadata: typeof metadata === 'object' ? (Object.fromEntries(Object.entries(metadata).filter(([, value]) => typeof value === 'string')) as Record<string, string>) : {},
        latest_charge: null,
        last_payment_error: null,
        payment_method_types: allowedMethods(body),
        created: Math.floor(Date.now() / 1000),
        livemode: false,
      };
      intents.set(created, intent);
      const reply = { status: 200, payload: intent };
      if (typeof key === 'string') idempotentReplies.set(key, { body: bodyText, ...reply, payload: structuredClone(intent) });
      return reply;
    }

    const intent = intentId ? intents.get(intentId) : undefined;
    if (intentId && request.method === 'GET' && !confirm) {
      authorise(request, body);
      if (!intent) throw new StripeFakeError(404, 'invalid_request_error', 'resource_missing', `No such payment_intent: '${intentId}'`);
      return { status: 200, payload: intent };
    }
    if (intentId && request.method === 'POST' && confirm) {
      if (!intent) throw new StripeFakeError(404, 'invalid_request_error', 'resource_missing', `No such payment_intent: '${intentId}'`);
      authorise(request, body, intent);
      return { status: 200, payload: confirmIntent(intent, formText(body, 'payment_method') ?? 'pm_card_visa') };
    }
    throw new StripeFakeError(405, 'invalid_request_error', 'method_not_allowed', `Method ${request.method} not allowed here.`);
  }

  function send(response: ServerResponse, status: number, payload: unknown): void {
    response.writeHead(status, {
      'content-type': 'application/json',
      'request-id': id('req'),
      'stripe-version': '2026-10-28.endive',
      'access-control-allow-origin': '*',
    });
    response.end(JSON.stringify(payload));
  }

  const server = createServer((request, response) => {
    if (request.method === 'OPTIONS') {
      response.writeHead(204, {
        'access-control-allow-origin': '*',
        'access-control-allow-methods': 'GET, POST, OPTIONS',
        'access-control-allow-headers': 'authorization, content-type, idempotency-key, stripe-version',
      });
      response.end();
      return;
    }
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      try {
        const { status, payload } = route(request, Buffer.concat(chunks).toString('utf8'));
        send(response, status, payload);
      } catch (error) {
        if (error instanceof StripeFakeError) {
          send(response, error.status, { error: { type: error.type, code: error.code, message: error.message } });
        } else {
          send(response, 500, { error: { type: 'api_error', message: (error as Error).message } });
        }
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const address = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${address.port}`,
    intents,
    get createCalls() {
      return state.createCalls;
    },
    setStatus(intentId, status) {
      const intent = intents.get(intentId);
      if (!intent) throw new Error(`no intent ${intentId}`);
      intent.status = status;
    },
    confirm(intentId, paymentMethod = 'pm_card_visa') {
      const intent = intents.get(intentId);
      if (!intent) throw new Error(`no intent ${intentId}`);
      return confirmIntent(intent, paymentMethod);
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
