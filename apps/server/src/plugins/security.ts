import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

export interface SecurityOptions {
  /** HTTPS deployments also get HSTS and upgrade-insecure-requests. */
  https: boolean;
  /** Browser origins allowed to call the API; empty: none besides our own. */
  corsOrigins: string[];
}

const GOOGLE_SIGN_IN = 'https://accounts.google.com/gsi/';

/** Security headers (with a CSP fitting the Vite-built app and Google sign-in) and closed CORS. */
export const securityPlugin = fp(
  async (app: FastifyInstance, options: SecurityOptions) => {
    await app.register(helmet, {
      contentSecurityPolicy: {
        useDefaults: true,
        directives: {
          'default-src': ["'self'"],
          // wasm-unsafe-eval: the in-browser editor runs WebAssembly models.
          'script-src': ["'self'", "'wasm-unsafe-eval'", `${GOOGLE_SIGN_IN}client`],
          // Mantine injects style attributes and tags at run time.
          'style-src': ["'self'", "'unsafe-inline'", `${GOOGLE_SIGN_IN}style`],
          'img-src': ["'self'", 'data:', 'blob:'],
          'font-src': ["'self'", 'data:'],
          'connect-src': ["'self'", GOOGLE_SIGN_IN],
          'frame-src': [GOOGLE_SIGN_IN],
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
