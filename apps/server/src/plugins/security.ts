import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

export interface SecurityOptions {
  /** HTTPS deployments also get HSTS and upgrade-insecure-requests. */
  https: boolean;
  /** Browser origins allowed to call the API; empty: none besides our own. */
  corsOrigins: string[];
  /** Stripe's API origin the card form talks to (a local stand-in in tests); null: Stripe is off. */
  stripeApiOrigin: string | null;
}

const GOOGLE_SIGN_IN = 'https://accounts.google.com/gsi/';
// Stripe.js and its card iframes (https://docs.stripe.com/security/guide#content-security-policy).
const STRIPE_JS = ['https://js.stripe.com', 'https://*.js.stripe.com'];

/** Security headers (with a CSP fitting the Vite-built app, Google sign-in and Stripe) and closed CORS. */
export const securityPlugin = fp(
  async (app: FastifyInstance, options: SecurityOptions) => {
    const stripe = options.stripeApiOrigin ? { scripts: STRIPE_JS, frames: [...STRIPE_JS, 'https://hooks.stripe.com'], api: [options.stripeApiOrigin] } : { scripts: [], frames: [], api: [] };
    await app.register(helmet, {
      contentSecurityPolicy: {
        useDefaults: true,
        directives: {
          'default-src': ["'self'"],
          // wasm-unsafe-eval: the in-browser editor runs WebAssembly models.
          'script-src': ["'self'", "'wasm-unsafe-eval'", `${GOOGLE_SIGN_IN}client`, ...stripe.scripts],
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
      strictTransportSecurity: options.https,
    });
    await app.register(cors, { origin: options.corsOrigins.length > 0 ? options.corsOrigins : false });
  },
  { name: 'security' },
);
