import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { testCards } from '@studio-gallery/contract';

/**
 * A local stand-in of the part of Stripe's HTTP API the gallery uses (no Stripe server is reachable
 * here): the server's SDK points at it through STRIPE_API_URL, and a fake Stripe.js in the browser
 * (e2e) confirms card payments against it. Card outcomes follow Stripe's test cards.
 *
 *   POST /v1/payment_intents              create (form-encoded, secret key; Idempotency-Key honoured)
 *   GET  /v1/payment_intents/:id           retrieve (?expand[]=latest_charge inlines the charge)
 *   POST /v1/payment_intents/:id/cancel    cancel (secret key; not once succeeded or cancelled)
 *   POST /v1/payment_intents/:id/confirm   confirm with client_secret and a card number
 *                                          (`payment_method_data[card][number]` or `card_number`;
 *                                          form-encoded or JSON; secret or publishable key)
 */

export interface StandInCharge {
  id: string;
  object: 'charge';
  amount: number;
  currency: string;
  paid: boolean;
  status: 'succeeded' | 'failed';
  receipt_url: string | null;
  payment_method_details: { type: 'card'; card: { brand: string; last4: string } };
}

export interface StandInIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_received: number;
  currency: string;
  status: 'requires_payment_method' | 'requires_confirmation' | 'processing' | 'succeeded' | 'canceled';
  client_secret: string;
  metadata: Record<string, string>;
  receipt_email: string | null;
  payment_method_types: string[];
  last_payment_error: { type: 'card_error'; code: string; decline_code?: string; message: string } | null;
  latest_charge: string | null;
  cancellation_reason?: string | null;
  livemode: false;
  created: number;
}

export interface StandInRequest {
  method: string;
  path: string;
  authorization: string | undefined;
  idempotencyKey: string | undefined;
  body: Record<string, unknown>;
}

export interface StripeStandIn {
  /** http://127.0.0.1:port: STRIPE_API_URL. */
  url: string;
  intents: Map<string, StandInIntent>;
  charges: Map<string, StandInCharge>;
  /** Every request received, oldest first. */
  requests: StandInRequest[];
  /** Settles an intent as succeeded (as if the customer's card went through). */
  markSucceeded(id: string, brand?: string): StandInIntent;
  /** Settles an intent as failed with Stripe's message. */
  markFailed(id: string, message?: string): StandInIntent;
  /** Cancels an intent (as the dashboard or another API client would). */
  markCanceled(id: string): StandInIntent;
  /** Changes an intent's amount (and the amount received, once succeeded), to test that the server notices. */
  setAmount(id: string, amount: number): void;
  /** A Stripe event as a webhook would carry it (sign its JSON with stripe.webhooks.generateTestHeaderString). */
  event(type: 'payment_intent.succeeded' | 'payment_intent.payment_failed' | 'payment_intent.canceled', id: string): Record<string, unknown>;
  close(): Promise<void>;
}

/** `a[b][0]=x` form fields as nested objects (arrays stay objects keyed "0", "1", ...). */
function parseForm(text: string): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const parts = key.replace(/\]/g, '').split('[');
    let target = result;
    parts.forEach((part, index) => {
      if (index === parts.length - 1) {
        target[part] = value;
      } else {
        target[part] = (target[part] as Record<string, unknown> | undefined) ?? {};
        target = target[part] as Record<string, unknown>;
      }
    });
  }
  return result;
}

function valuesOf(value: unknown): string[] {
  if (Array.isArray(value)) return value.map(String);
  if (value && typeof value === 'object') return Object.values(value).map(String);
  return typeof value === 'string' ? [value] : [];
}

function stripeError(status: number, type: string, message: string, extra: Record<string, unknown> = {}) {
  return { status, body: { error: { type, message, ...extra } } };
}

function brandOf(number: string): string {
  const card = testCards.find((c) => c.number === number);
  if (card) return card.brand;
  if (number.startsWith('4')) return 'visa';
  if (/^(5[1-5]|2[2-7])/.test(number)) return 'mastercard';
  if (/^3[47]/.test(number)) return 'amex';
  return 'unknown';
}

/** Starts the stand-in on `port` (default: any free port). */
export async function startStripeStandIn(options: { port?: number } = {}): Promise<StripeStandIn> {
  const intents = new Map<string, StandInIntent>();
  const charges = new Map<string, StandInCharge>();
  const byIdempotencyKey = new Map<string, string>();
  const requests: StandInRequest[] = [];
  const hex = (bytes: number) => randomBytes(bytes).toString('hex');

  const succeed = (intent: StandInIntent, number = '4242424242424242', brand = brandOf(number)) => {
    const charge: StandInCharge = {
      id: `ch_${hex(12)}`,
      object: 'charge',
      amount: intent.amount,
      currency: intent.currency,
      paid: true,
      status: 'succeeded',
      receipt_url: `https://pay.stripe.com/receipts/stand-in/${intent.id}`,
      payment_method_details: { type: 'card', card: { brand, last4: number.slice(-4) } },
    };
    charges.set(charge.id, charge);
    Object.assign(intent, { status: 'succeeded', amount_received: intent.amount, latest_charge: charge.id, last_payment_error: null });
    return intent;
  };
  const fail = (intent: StandInIntent, message: string, code = 'card_declined') => {
    Object.assign(intent, { status: 'requires_payment_method', last_payment_error: { type: 'card_error', code, decline_code: 'generic_decline', message } });
    return intent;
  };
  const cancel = (intent: StandInIntent) => Object.assign(intent, { status: 'canceled', cancellation_reason: 'requested_by_customer' });
  const view = (intent: StandInIntent, expandCharge: boolean) =>
    expandCharge && intent.latest_charge ? { ...intent, latest_charge: charges.get(intent.latest_charge) ?? intent.latest_charge } : intent;

  const handle = (request: StandInRequest, query: URLSearchParams): { status: number; body: unknown } => {
    const key = /^Bearer\s+(\S+)$/i.exec(request.authorization ?? '')?.[1] ?? '';
    const isSecret = key.startsWith('sk_');
    if (!isSecret && !key.startsWith('pk_')) return stripeError(401, 'invalid_request_error', 'Invalid API Key provided.');
    const expandCharge = [...query.values(), ...valuesOf(request.body.expand)].includes('latest_charge');

    if (request.method === 'POST' && request.path === '/v1/payment_intents') {
      if (!isSecret) return stripeError(401, 'invalid_request_error', 'A secret key is required.');
      if (request.idempotencyKey && byIdempotencyKey.has(request.idempotencyKey)) {
        return { status: 200, body: intents.get(byIdempotencyKey.get(request.idempotencyKey)!) };
      }
      const amount = Number(request.body.amount);
      if (!Number.isInteger(amount) || amount < 50) return stripeError(400, 'invalid_request_error', 'Amount must be at least $0.50 usd', { code: 'amount_too_small' });
      const id = `pi_${hex(12)}`;
      const intent: StandInIntent = {
        id,
        object: 'payment_intent',
        amount,
        amount_received: 0,
        currency: String(request.body.currency ?? 'usd'),
        status: 'requires_payment_method',
        client_secret: `${id}_secret_${hex(12)}`,
        metadata: (request.body.metadata as Record<string, string> | undefined) ?? {},
        receipt_email: typeof request.body.receipt_email === 'string' ? request.body.receipt_email : null,
        payment_method_types: valuesOf(request.body.allowed_payment_method_types ?? request.body.payment_method_types),
        last_payment_error: null,
        latest_charge: null,
        livemode: false,
        created: Math.floor(Date.now() / 1000),
      };
      intents.set(id, intent);
      if (request.idempotencyKey) byIdempotencyKey.set(request.idempotencyKey, id);
      return { status: 200, body: intent };
    }

    const match = /^\/v1\/payment_intents\/([^/]+)(\/confirm|\/cancel)?$/.exec(request.path);
    const intent = match ? intents.get(decodeURIComponent(match[1]!)) : undefined;
    if (match && !intent) return stripeError(404, 'invalid_request_error', `No such payment_intent: '${match[1]}'`, { code: 'resource_missing' });
    if (!match || !intent) return stripeError(404, 'invalid_request_error', `Unrecognized request URL (${request.method}: ${request.path}).`);

    if (request.method === 'GET' && !match[2]) {
      if (!isSecret && query.get('client_secret') !== intent.client_secret) return stripeError(404, 'invalid_request_error', 'No such payment_intent');
      return { status: 200, body: view(intent, expandCharge) };
    }
    if (request.method === 'POST' && match[2] === '/cancel') {
      if (!isSecret) return stripeError(401, 'invalid_request_error', 'A secret key is required.');
      if (intent.status === 'succeeded' || intent.status === 'canceled') {
        return stripeError(400, 'invalid_request_error', `You cannot cancel this PaymentIntent because it has a status of ${intent.status}.`, {
          code: 'payment_intent_unexpected_state',
          payment_intent: intent,
        });
      }
      return { status: 200, body: view(cancel(intent), expandCharge) };
    }
    if (request.method === 'POST' && match[2] === '/confirm') {
      if (!isSecret && request.body.client_secret !== intent.client_secret) {
        return stripeError(400, 'invalid_request_error', 'The client_secret provided does not match the client_secret associated with the PaymentIntent.');
      }
      if (intent.status === 'canceled') {
        return stripeError(400, 'invalid_request_error', 'You cannot confirm this PaymentIntent because it has a status of canceled.', {
          code: 'payment_intent_unexpected_state',
          payment_intent: intent,
        });
      }
      if (intent.status === 'succeeded') {
        return stripeError(400, 'invalid_request_error', 'You cannot confirm this PaymentIntent because it has already succeeded.', {
          code: 'payment_intent_unexpected_state',
          payment_intent: intent,
        });
      }
      const card = ((request.body.payment_method_data as { card?: { number?: string } } | undefined)?.card?.number ?? request.body.card_number ?? '4242424242424242') as string;
      const number = String(card).replace(/\D/g, '');
      const testCard = testCards.find((c) => c.number === number);
      if (testCard && testCard.outcome === 'declined') {
        fail(intent, testCard.message);
        return stripeError(402, 'card_error', testCard.message, { code: 'card_declined', payment_intent: intent });
      }
      return { status: 200, body: view(succeed(intent, number), expandCharge) };
    }
    return stripeError(404, 'invalid_request_error', `Unrecognized request URL (${request.method}: ${request.path}).`);
  };

  const server = http.createServer((req, res) => {
    res.setHeader('access-control-allow-origin', '*');
    res.setHeader('access-control-allow-headers', '*');
    res.setHeader('access-control-allow-methods', 'GET, POST, OPTIONS');
    if (req.method === 'OPTIONS') {
      res.writeHead(204).end();
      return;
    }
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://stand-in');
      const text = Buffer.concat(chunks).toString('utf8');
      let body: Record<string, unknown>;
      try {
        body = (req.headers['content-type'] ?? '').includes('json') && text ? (JSON.parse(text) as Record<string, unknown>) : parseForm(text);
      } catch {
        body = {};
      }
      const idempotency = req.headers['idempotency-key'];
      const request: StandInRequest = {
        method: req.method ?? 'GET',
        path: url.pathname,
        authorization: req.headers.authorization,
        idempotencyKey: typeof idempotency === 'string' ? idempotency : undefined,
        body,
      };
      requests.push(request);
      const answer = handle(request, url.searchParams);
      res.writeHead(answer.status, { 'content-type': 'application/json', 'request-id': `req_${hex(8)}` });
      res.end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  const intentOf = (id: string) => {
    const intent = intents.get(id);
    if (!intent) throw new Error(`stripe stand-in: no payment intent ${id}`);
    return intent;
  };

  return {
    url: `http://127.0.0.1:${port}`,
    intents,
    charges,
    requests,
    markSucceeded: (id, brand) => succeed(intentOf(id), '4242424242424242', brand),
    markFailed: (id, message = 'Your card was declined.') => fail(intentOf(id), message),
    markCanceled: (id) => cancel(intentOf(id)),
    setAmount: (id, amount) => {
      const intent = intentOf(id);
      intent.amount = amount;
      if (intent.status === 'succeeded') intent.amount_received = amount;
    },
    event: (type, id) => ({
      id: `evt_${hex(12)}`,
      object: 'event',
      api_version: '2026-10-28.endive',
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      type,
      data: { object: { ...intentOf(id) } },
    }),
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
