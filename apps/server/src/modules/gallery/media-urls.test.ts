import { describe, expect, it } from 'vitest';
import { MediaUrlSigner } from './media-urls';

const PUBLIC_URL = 'https://photos.example-studio.com';
const claims = { photoId: 42, variant: 'original' as const, file: 'thumb' as const, extension: 'webp', version: 'abcDEF123_' };

function signerAt(iso: string, secret = 's'.repeat(48)) {
  return new MediaUrlSigner(secret, () => new Date(iso));
}

describe('signed media URLs', () => {
  it('round-trip, and stay the same all day (expiry rounded up to a UTC midnight, 7 to 8 days out)', () => {
    const morning = signerAt('2026-11-22T00:00:01Z').sign(claims);
    const evening = signerAt('2026-11-22T23:59:59Z').sign(claims);
    expect(evening).toBe(morning);
    expect(morning).toMatch(/^\/api\/photo-media\/42\/thumb\.webp\?v=abcDEF123_&exp=\d+&sig=[\w-]{32}$/);
    const exp = Number(new URL(morning, PUBLIC_URL).searchParams.get('exp'));
    expect(new Date(exp * 1000).toISOString()).toBe('2026-11-30T00:00:00.000Z');
    expect(signerAt('2026-11-23T00:00:01Z').sign(claims)).not.toBe(morning);

    const parsed = signerAt('2026-11-25T12:00:00Z').parse(morning, PUBLIC_URL);
    expect(parsed).toEqual({ ok: true, claims: { ...claims, expires: exp }, expired: false });
    expect(signerAt('2026-11-25T12:00:00Z').parse(`${PUBLIC_URL}${morning}`, PUBLIC_URL).ok).toBe(true);
    expect(signerAt('2026-12-01T00:00:00Z').parse(morning, PUBLIC_URL)).toMatchObject({ ok: true, expired: true });
    expect(signerAt('2026-11-22T12:00:00Z').sign({ ...claims, variant: 'retouched' })).toContain('/42/retouched-thumb.webp?');
  });

  it('refuse anything that is not exactly one of ours', () => {
    const signer = signerAt('2026-11-22T12:00:00Z');
    const url = signer.sign(claims);
    const bad = [
      url.replace('/42/', '/43/'),
      url.replace('thumb.webp', 'hr.jpg'),
      url.replace('thumb.webp', 'thumb.jpg'),
      url.replace(/sig=[\w-]+/, 'sig=x'),
      url.replace('/api/photo-media/', '/api/photo-media/../photo-media/'),
      url.replace('/api/photo-media/', '/api/photo-media/%2e%2e/'),
      url.replace('/api/', '/api//'),
      url.replace('/api/', '\\api/'),
      `https://evil.example.com${url}`,
      `http://photos.example-studio.com${url}`,
      `https://photos.example-studio.com:8443${url}`,
      `https://user@photos.example-studio.com${url}`,
      `//evil.example.com${url}`,
      `http://127.0.0.1${url}`,
      `javascript:alert(1)//${url}`,
      '',
    ];
    for (const input of bad) expect(signer.parse(input, PUBLIC_URL).ok, input).toBe(false);
    // Another secret (another installation) signs differently.
    expect(signerAt('2026-11-22T12:00:00Z', 't'.repeat(48)).parse(url, PUBLIC_URL).ok).toBe(false);
  });
});
