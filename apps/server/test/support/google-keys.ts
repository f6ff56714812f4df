import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { type CryptoKey, SignJWT, exportJWK, generateKeyPair } from 'jose';
import { type TestApp, startTestApp } from './test-app';

export interface FakeGoogle {
  jwksUrl: string;
  /** An ID token signed with the published key; `claims` override the defaults. */
  idToken(claims?: Record<string, unknown>, options?: { expiresIn?: string; key?: CryptoKey }): Promise<string>;
  /** A key Google never published, to forge tokens with. */
  strangerKey: CryptoKey;
  close(): Promise<void>;
}

export const TEST_GOOGLE_CLIENT_ID = 'test-client.apps.googleusercontent.com';

/** Serves a JWKS with a fresh RSA key on a local port, like https://www.googleapis.com/oauth2/v3/certs. */
export async function startFakeGoogle(): Promise<FakeGoogle> {
  const { publicKey, privateKey } = await generateKeyPair('RS256');
  const stranger = await generateKeyPair('RS256');
  const jwk = { ...(await exportJWK(publicKey)), kid: 'test-key', alg: 'RS256', use: 'sig' };
  const server = http.createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ keys: [jwk] }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    jwksUrl: `http://127.0.0.1:${port}/oauth2/v3/certs`,
    strangerKey: stranger.privateKey,
    async idToken(claims = {}, options = {}) {
      const { iss = 'https://accounts.google.com', aud = TEST_GOOGLE_CLIENT_ID, sub = 'google-sub-1', ...rest } = claims;
      return new SignJWT({ email: 'grace@gmail.com', email_verified: true, given_name: 'Grace', family_name: 'Hopper', ...rest })
        .setProtectedHeader({ alg: 'RS256', kid: 'test-key' })
        .setIssuer(iss as string)
        .setAudience(aud as string)
        .setSubject(sub as string)
        .setIssuedAt()
        .setExpirationTime(options.expiresIn ?? '1h')
        .sign(options.key ?? privateKey);
    },
    close: () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}

/** A test app whose Google sign-in trusts a fake Google started beside it; `close` stops both. */
export async function startTestAppWithGoogle(): Promise<{ t: TestApp; google: FakeGoogle; close(): Promise<void> }> {
  const google = await startFakeGoogle();
  const t = await startTestApp({ GOOGLE_CLIENT_ID: TEST_GOOGLE_CLIENT_ID, GOOGLE_JWKS_URL: google.jwksUrl });
  return {
    t,
    google,
    async close() {
      await t.close();
      await google.close();
    },
  };
}
