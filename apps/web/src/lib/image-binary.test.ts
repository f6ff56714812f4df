import { describe, expect, it } from 'vitest';
import { ImageLoadTimeoutError } from './image-load-error';
import { getImageBinary } from './image-binary';

describe('getImageBinary', () => {
  it('turns its timeout abort into ImageLoadTimeoutError', async () => {
    globalThis.fetch = ((_input: RequestInfo | URL, init?: RequestInit) =>
      new Promise<Response>((_resolve, reject) => {
        init?.signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
      })) as typeof fetch;
    await expect(getImageBinary('https://photos.example.com/a.jpg', undefined, 10)).rejects.toBeInstanceOf(ImageLoadTimeoutError);
  });

  it('answers the bytes', async () => {
    globalThis.fetch = (async () => new Response('bytes', { status: 200, headers: { 'content-type': 'image/jpeg' } })) as typeof fetch;
    const blob = await getImageBinary('https://photos.example.com/a.jpg');
    expect(await blob.text()).toBe('bytes');
  });
});
