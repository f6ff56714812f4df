import { messages, storageKeys } from '@studio-gallery/contract';
import { notifications } from '@mantine/notifications';
import { describe, expect, it, vi } from 'vitest';
import { fakeJwt, stubFetch } from '../test/render';
import { api, ApiError, setUnauthorizedHandler } from './api-client';

describe('api client', () => {
  it('sends the bearer token and JSON, and returns the JSON answer', async () => {
    localStorage.setItem(storageKeys.token, 'T0KEN');
    const calls = stubFetch({ 'POST /things': { body: { ok: true } } });
    await expect(api.post('/things', { a: 1 })).resolves.toEqual({ ok: true });
    const headers = calls[0]!.init!.headers as Record<string, string>;
    expect(headers.Authorization).toBe('Bearer T0KEN');
    expect(headers['Content-Type']).toBe('application/json');
    expect(calls[0]!.init!.body).toBe('{"a":1}');
  });

  it("throws ApiError carrying the server's message for a 4xx, without the generic toast", async () => {
    const show = vi.spyOn(notifications, 'show');
    stubFetch({ 'GET /x': { status: 409, body: { message: 'Already there' } } });
    await expect(api.get('/x')).rejects.toMatchObject({ status: 409, message: 'Already there' });
    expect(show).not.toHaveBeenCalled();
  });

  it('shows the unexpected-error toast once for a 5xx and still throws', async () => {
    const show = vi.spyOn(notifications, 'show');
    stubFetch({ 'GET /boom': { status: 500, body: { message: 'An unexpected error occurred.' } } });
    await expect(api.get('/boom')).rejects.toBeInstanceOf(ApiError);
    expect(show).toHaveBeenCalledTimes(1);
    expect(show.mock.calls[0]![0]).toMatchObject({ message: messages.unexpectedError });
  });

  it('treats a network failure like a 5xx', async () => {
    const show = vi.spyOn(notifications, 'show');
    globalThis.fetch = (() => Promise.reject(new TypeError('offline'))) as typeof fetch;
    await expect(api.get('/x')).rejects.toMatchObject({ status: 0 });
    expect(show).toHaveBeenCalledTimes(1);
  });

  it('sends a custom content type with a JSON string body (reset password)', async () => {
    const calls = stubFetch({ 'POST /account/reset-password': { body: {} } });
    await api.post('/account/reset-password', 'ana@example.com', { contentType: 'application/json-patch+json' });
    expect(calls[0]!.init!.body).toBe('"ana@example.com"');
    expect((calls[0]!.init!.headers as Record<string, string>)['Content-Type']).toBe('application/json-patch+json');
  });

  it('ends the session and hands over to the login screen on a 401 with a token', async () => {
    const token = fakeJwt({ unique_name: '1', email: 'a@b.co', id_token: 'x', iat: 1, exp: 4_000_000_000 });
    localStorage.setItem(storageKeys.token, token);
    localStorage.setItem(storageKeys.theme, 'dark');
    const onUnauthorized = vi.fn();
    setUnauthorizedHandler(onUnauthorized);
    stubFetch({ 'GET /users/1': { status: 401, body: { message: messages.unauthorized } } });
    await expect(api.get('/users/1')).rejects.toMatchObject({ status: 401 });
    expect(localStorage.getItem(storageKeys.token)).toBeNull();
    expect(localStorage.getItem(storageKeys.theme)).toBe('dark');
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });
});
