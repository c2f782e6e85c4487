import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWK } from 'jose';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Stands in for Google's sign-in: an RSA key pair, its public key served as a JWKS over HTTP (GOOGLE_JWKS_URL
 * points here), and ID tokens signed like Google's. Also a second, unpublished key for forged tokens.
 */
export interface GoogleIssuer {
  jwksUrl: string;
  clientId: string;
  idToken(claims?: Record<string, unknown>, options?: { expiresInSeconds?: number; forged?: boolean }): Promise<string>;
  close(): Promise<void>;
}

export async function startGoogleIssuer(clientId = 'quorum-test.apps.googleusercontent.com'): Promise<GoogleIssuer> {
  const published = await generateKeyPair('RS256', { extractable: true });
  const forger = await generateKeyPair('RS256');
  const jwk: JWK = { ...(await exportJWK(published.publicKey)), kid: 'test-key-1', alg: 'RS256', use: 'sig' };
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'public, max-age=3600' });
    response.end(JSON.stringify({ keys: [jwk] }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;

  const sign = (key: CryptoKey, claims: Record<string, unknown>, expiresInSeconds: number) => {
    const now = Math.floor(Date.now() / 1_000);
    return new SignJWT({
      iss: 'https://accounts.google.com',
      aud: clientId,
      sub: '1098765432101234567890',
      email: 'grace@example.com',
      email_verified: true,
      name: 'Grace Hopper',
      iat: now,
      exp: now + expiresInSeconds,
      ...claims,
    })
      .setProtectedHeader({ alg: 'RS256', kid: 'test-key-1', typ: 'JWT' })
      .sign(key);
  };

  return {
    jwksUrl: `http://127.0.0.1:${port}/oauth2/v3/certs`,
    clientId,
    idToken: (claims = {}, options = {}) => sign(options.forged ? forger.privateKey : published.privateKey, claims, options.expiresInSeconds ?? 3_600),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
