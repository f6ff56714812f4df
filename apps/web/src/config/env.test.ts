import { describe, expect, it } from 'vitest';
import { readEnv } from './env';

describe('readEnv', () => {
  it('defaults to the same-origin API and Google’s script', () => {
    expect(readEnv({})).toEqual({ apiBaseUrl: '/api', googleGsiUrl: 'https://accounts.google.com/gsi/client' });
    expect(readEnv({ VITE_API_BASE_URL: '', VITE_GOOGLE_GSI_URL: '' }).apiBaseUrl).toBe('/api');
  });

  it('takes a path or an http(s) URL as the API base', () => {
    expect(readEnv({ VITE_API_BASE_URL: '/gallery/api/' }).apiBaseUrl).toBe('/gallery/api');
    expect(readEnv({ VITE_API_BASE_URL: 'https://api.example.com' }).apiBaseUrl).toBe('https://api.example.com');
  });

  it('refuses anything else, naming every bad value', () => {
    expect(() => readEnv({ VITE_API_BASE_URL: 'api', VITE_GOOGLE_GSI_URL: 'not a url' })).toThrow(
      'Invalid web app configuration: VITE_API_BASE_URL: VITE_API_BASE_URL must be a path starting with / or an http(s) URL; VITE_GOOGLE_GSI_URL: Invalid URL',
    );
    expect(() => readEnv({ VITE_GOOGLE_GSI_URL: 'javascript:alert(1)' })).toThrow('VITE_GOOGLE_GSI_URL');
  });
});
