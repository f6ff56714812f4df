import { storageKeys } from '@studio-gallery/contract';
import { describe, expect, it } from 'vitest';
import { storeEntryParams } from './entry-params';

function b64(text: string) {
  return btoa(text);
}

describe('storeEntryParams', () => {
  it('stores q (JSON in base64) under code, activation, formKey and emailKey', () => {
    const q = b64(JSON.stringify({ code: 'SESSION1', activation: 'ACT9', formid: 'F1', email: 'ana@example.com' }));
    storeEntryParams(new URLSearchParams({ q }));
    expect(localStorage.getItem(storageKeys.code)).toBe('SESSION1');
    expect(localStorage.getItem(storageKeys.activation)).toBe('ACT9');
    expect(localStorage.getItem(storageKeys.formKey)).toBe('F1');
    expect(localStorage.getItem(storageKeys.emailKey)).toBe('ana@example.com');
  });

  it('accepts q holding a query string', () => {
    storeEntryParams(new URLSearchParams({ q: b64('code=ABC&email=bo@example.com') }));
    expect(localStorage.getItem('code')).toBe('ABC');
    expect(localStorage.getItem('emailKey')).toBe('bo@example.com');
  });

  it('stores key as resetkey and id as appointmentId', () => {
    storeEntryParams(new URLSearchParams({ key: 'RESET-1', id: '77' }));
    expect(localStorage.getItem('resetkey')).toBe('RESET-1');
    expect(localStorage.getItem('appointmentId')).toBe('77');
  });

  it('ignores garbage and stores nothing without parameters', () => {
    expect(storeEntryParams(new URLSearchParams({ q: '%%%not-base64' }))).toEqual([]);
    expect(storeEntryParams(new URLSearchParams())).toEqual([]);
    expect(localStorage.length).toBe(0);
  });
});
