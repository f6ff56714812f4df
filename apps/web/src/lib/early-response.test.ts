import { storageKeys } from '@studio-gallery/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import { stubFetch } from '../test/render';
import { ACCOUNT_PATH, getAccount } from './account';
import { api } from './api-client';
import { apiHeaders } from './api-url';
import { startEarlyRequest, takeEarlyResponse } from './early-response';

describe('early response (index.html preload script → API client)', () => {
  // Each test is a fresh page load: nothing started, nothing asked for.
  beforeEach(() => {
    delete (globalThis as { __studioGalleryEarlyRequests?: unknown }).__studioGalleryEarlyRequests;
  });

  it('a preload script that runs after the app has sent its own request of that name sends none', async () => {
    localStorage.setItem(storageKeys.token, 'T0KEN');
    const calls = stubFetch({ 'GET /things': { body: { n: 1 } } });
    // The app got there first (the async preload script ran late, on a busy device).
    await expect(api.get('/things', { query: { page: 1 }, adoptEarlyResponse: 'gallery-page' })).resolves.toEqual({ n: 1 });
    expect(startEarlyRequest('gallery-page', '/api/things?page=1', apiHeaders('T0KEN'))).toBeUndefined();
    expect(calls).toHaveLength(1);
    // Other names are still the preload script's to start.
    expect(startEarlyRequest('branding', '/api/corporate-clients?baseUrl.equals=h', apiHeaders('T0KEN'))).toBeDefined();
    expect(calls).toHaveLength(2);
  });

  it('the API client adopts the early response of the very same GET instead of sending it again', async () => {
    localStorage.setItem(storageKeys.token, 'T0KEN');
    const calls = stubFetch({ 'GET /things': { body: { n: 1 } } });
    void startEarlyRequest('gallery-page', '/api/things?page=1', apiHeaders('T0KEN'));
    await expect(api.get('/things', { query: { page: 1 }, adoptEarlyResponse: 'gallery-page' })).resolves.toEqual({ n: 1 });
    expect(calls).toHaveLength(1);
    // Taken once: the next call asks the server.
    await expect(api.get('/things', { query: { page: 1 }, adoptEarlyResponse: 'gallery-page' })).resolves.toEqual({ n: 1 });
    expect(calls).toHaveLength(2);
  });

  it('is dropped, not adopted, by a request that differs (URL or headers)', () => {
    stubFetch({});
    void startEarlyRequest('gallery-page', '/api/things?page=1', apiHeaders('T0KEN'));
    expect(takeEarlyResponse('gallery-page', '/api/things?page=2', apiHeaders('T0KEN'))).toBeUndefined();
    expect(takeEarlyResponse('gallery-page', '/api/things?page=1', apiHeaders('T0KEN'))).toBeUndefined();
    void startEarlyRequest('gallery-page', '/api/things?page=1', apiHeaders('T0KEN'));
    expect(takeEarlyResponse('gallery-page', '/api/things?page=1', apiHeaders('OTHER'))).toBeUndefined();
  });

  it('only requests that ask for it adopt it', async () => {
    localStorage.setItem(storageKeys.token, 'T0KEN');
    const calls = stubFetch({ 'GET /things': { body: { n: 1 } } });
    void startEarlyRequest('gallery-page', '/api/things', apiHeaders('T0KEN'));
    await api.get('/things');
    expect(calls).toHaveLength(2);
    expect(takeEarlyResponse('gallery-page', '/api/things', apiHeaders('T0KEN'))).toBeDefined();
  });

  it("the account's query adopts the account request the preload script starts on /studio", async () => {
    localStorage.setItem(storageKeys.token, 'T0KEN');
    const calls = stubFetch({ 'GET /account': { body: { id: 9, role: 'staff' } } });
    void startEarlyRequest('account', `/api${ACCOUNT_PATH}`, apiHeaders('T0KEN'));
    await expect(getAccount()).resolves.toMatchObject({ role: 'staff' });
    expect(calls).toHaveLength(1);
  });

  it('holds one request per name: taking one leaves the other for its own adopter', () => {
    stubFetch({});
    void startEarlyRequest('branding', '/api/corporate-clients?baseUrl.equals=h', apiHeaders(null));
    void startEarlyRequest('gallery-page', '/api/things?page=1', apiHeaders(null));
    expect(takeEarlyResponse('gallery-page', '/api/corporate-clients?baseUrl.equals=h', apiHeaders(null))).toBeUndefined();
    expect(takeEarlyResponse('branding', '/api/corporate-clients?baseUrl.equals=h', apiHeaders(null))).toBeDefined();
    expect(takeEarlyResponse('branding', '/api/corporate-clients?baseUrl.equals=h', apiHeaders(null))).toBeUndefined();
  });
});
