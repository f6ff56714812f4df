import type { OutgoingHttpHeader } from 'node:http';
import cors from '@fastify/cors';
import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import fp from 'fastify-plugin';

export interface SecurityOptions {
  /** PUBLIC_URL is https: HSTS and upgrade-insecure-requests too. */
  https: boolean;
  /** Browser origins allowed to call the API; empty: none besides our own. */
  corsOrigins: string[];
  /** Stripe's API origin the card form talks to (a local stand-in in tests); null: Stripe is off. */
  stripeApiOrigin: string | null;
  /** CSP sources of the web app's inline scripts (web-app.ts inlineScriptSources). */
  inlineScriptSources?: string[];
}

/** Strict-Transport-Security's max-age: one year (365 days). */
export const HSTS_MAX_AGE_SECONDS = 365 * 24 * 3600;

const GOOGLE_SIGN_IN = 'https://accounts.google.com/gsi/';
// Stripe.js and its card iframes (https://docs.stripe.com/security/guide#content-security-policy).
const STRIPE_JS = ['https://js.stripe.com', 'https://*.js.stripe.com'];

/**
 * What helmet sets that means something on every response: no MIME sniffing, no cross-origin
 * embedding (Spectre), HTTPS for good. The rest (CSP, COOP, Origin-Agent-Cluster, Referrer-Policy,
 * X-Frame-Options, ...) governs a document, or a worker (its script's CSP is the worker's); on an image,
 * a script or a JSON answer it is ~0.7 KB of nothing, on every response of the first screen (issue 23).
 */
const EVERY_RESPONSE = new Set(['x-content-type-options', 'cross-origin-resource-policy', 'strict-transport-security']);
/** Types a browser shows as a document, scripts and all (an SVG or XML file opened on its own too). */
const DOCUMENT_TYPE = /^\s*(?:text\/html|application\/xhtml\+xml|image\/svg\+xml|text\/xml|application\/xml)\b/i;
/** Sec-Fetch-Dest of a worker's script: the policy it is sent with is the worker's. */
const WORKER_DESTINATIONS = new Set(['worker', 'sharedworker', 'serviceworker']);
/** Scripts: the same URL is a page's script (no policy) or a worker's (its policy), so caches must key on Sec-Fetch-Dest. */
const SCRIPT_TYPE = /^\s*(?:text|application)\/(?:javascript|ecmascript)\b/i;

/** Adds `field` to the reply's Vary (set by the route or a plugin on either the reply or the raw response). */
function addVary(reply: FastifyReply, field: string): void {
  const current = reply.getHeader('vary') ?? reply.raw.getHeader('vary');
  const fields = current === undefined ? [] : String(current).split(',').map((name) => name.trim()).filter((name) => name !== '');
  if (fields.includes('*') || fields.some((name) => name.toLowerCase() === field.toLowerCase())) return;
  reply.header('vary', [...fields, field].join(', '));
}

/** Security headers (with a CSP fitting the Vite-built app, Google sign-in and Stripe) and closed CORS. */
export const securityPlugin = fp(
  async (app: FastifyInstance, options: SecurityOptions) => {
    const stripe = options.stripeApiOrigin ? { scripts: STRIPE_JS, frames: [...STRIPE_JS, 'https://hooks.stripe.com'], api: [options.stripeApiOrigin] } : { scripts: [], frames: [], api: [] };
    const headers = await helmetHeaders({
      contentSecurityPolicy: {
        useDefaults: true,
        directives: {
          'default-src': ["'self'"],
          // wasm-unsafe-eval: the in-browser editor runs WebAssembly models.
          'script-src': ["'self'", ...(options.inlineScriptSources ?? []), "'wasm-unsafe-eval'", `${GOOGLE_SIGN_IN}client`, ...stripe.scripts],
          // Mantine injects style attributes and tags at run time.
          'style-src': ["'self'", "'unsafe-inline'", `${GOOGLE_SIGN_IN}style`],
          'img-src': ["'self'", 'data:', 'blob:'],
          'font-src': ["'self'", 'data:'],
          'connect-src': ["'self'", GOOGLE_SIGN_IN, ...stripe.api],
          'frame-src': [GOOGLE_SIGN_IN, ...stripe.frames],
          'worker-src': ["'self'", 'blob:'],
          'upgrade-insecure-requests': options.https ? [] : null,
        },
      },
      // Google's sign-in popup must be able to talk back to the opener.
      crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
      // HTTPS only (never on http: a browser would then refuse the plain address for a year). One year, this
      // host only: includeSubDomains would bind every sibling host of the studio's domain, and preload is a
      // decision for the domain's owner (docs/security.md "Deploying").
      strictTransportSecurity: options.https ? { maxAge: HSTS_MAX_AGE_SECONDS, includeSubDomains: false, preload: false } : false,
    });
    const everywhere = headers.filter(([name]) => EVERY_RESPONSE.has(name.toLowerCase()));
    const documentOnly = headers.filter(([name]) => !EVERY_RESPONSE.has(name.toLowerCase()));
    app.addHook('onRequest', (_request, reply, done) => {
      for (const [name, value] of everywhere) reply.raw.setHeader(name, value);
      done();
    });
    // Once the type is known; a header the route set itself (a media file's own CSP) wins.
    app.addHook('onSend', (request, reply, payload, done) => {
      const type = reply.getHeader('content-type');
      const dest = request.headers['sec-fetch-dest'];
      if (typeof type === 'string' && SCRIPT_TYPE.test(type)) addVary(reply, 'Sec-Fetch-Dest');
      if ((typeof type === 'string' && DOCUMENT_TYPE.test(type)) || (typeof dest === 'string' && WORKER_DESTINATIONS.has(dest))) {
        for (const [name, value] of documentOnly) if (!reply.hasHeader(name) && !reply.raw.hasHeader(name)) reply.raw.setHeader(name, value);
      }
      done(null, payload);
    });
    await app.register(cors, { origin: options.corsOrigins.length > 0 ? options.corsOrigins : false });
  },
  { name: 'security' },
);

/**
 * The headers @fastify/helmet sets with these options, worked out once at boot. The plugin builds
 * the whole helmet middleware (CSP parsing included) again for every request, ~3-4 % of a gallery
 * page's CPU; our headers depend only on the configuration, so a throwaway instance answers one
 * request and every response then gets the same names (same case) and values, set on the raw
 * response as the plugin does (so a route's own `reply.header()` still wins): in onRequest those of
 * every response, in onSend a document's.
 * Per-route `helmet` options, `reply.helmet()` and CSP nonces are not offered; nothing uses them.
 */
async function helmetHeaders(options: FastifyHelmetOptions): Promise<Array<[string, OutgoingHttpHeader]>> {
  const probe = Fastify({ logger: false });
  const headers: Array<[string, OutgoingHttpHeader]> = [];
  try {
    await probe.register(helmet, options);
    probe.addHook('onRequest', async (_request, reply) => {
      // getRawHeaderNames keeps the case helmet used (Node has it on responses too; @types/node only on requests).
      for (const name of (reply.raw as unknown as { getRawHeaderNames(): string[] }).getRawHeaderNames()) {
        const value = reply.raw.getHeader(name);
        if (value !== undefined) headers.push([name, value]);
      }
    });
    probe.get('/', async () => '');
    const response = await probe.inject({ method: 'GET', url: '/' });
    if (response.statusCode !== 200 || headers.length === 0) throw new Error('could not work out the security headers');
  } finally {
    await probe.close();
  }
  return headers;
}
