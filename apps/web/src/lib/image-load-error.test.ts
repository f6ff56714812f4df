import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { ImageLoadTimeoutError, imageLoadErrorMessage, toImageLoadFailure } from './image-load-error';

describe('imageLoadErrorMessage', () => {
  it.each([
    [401, 'Unauthorized Access'],
    [404, 'Image Not Found'],
    [403, 'Access Denied'],
    [500, 'Server Error'],
    [413, 'File Too Large'],
  ])('names status %i', (status, title) => {
    expect(imageLoadErrorMessage({ kind: 'status', status, message: 'ignored' })).toBe(title);
  });

  it('quotes the server message for other statuses', () => {
    expect(imageLoadErrorMessage({ kind: 'status', status: 502, message: 'Bad gateway' })).toBe('Server error (502): Bad gateway');
    expect(imageLoadErrorMessage({ kind: 'status', status: 400, message: 'Invalid URL.' })).toBe('Server error (400): Invalid URL.');
  });

  it('names no response, timeout and anything else', () => {
    expect(imageLoadErrorMessage({ kind: 'no-response' })).toBe('Network Error');
    expect(imageLoadErrorMessage({ kind: 'timeout' })).toBe('Request Timeout');
    expect(imageLoadErrorMessage({ kind: 'unknown' })).toBe('Image Loading Failed');
    expect(imageLoadErrorMessage({ kind: 'status', status: 418 })).toBe('Image Loading Failed');
  });
});

describe('toImageLoadFailure', () => {
  it('classifies thrown errors', () => {
    expect(toImageLoadFailure(new ApiError(404, 'Not found.'))).toEqual({ kind: 'status', status: 404, message: 'Not found.' });
    expect(toImageLoadFailure(new ApiError(0, 'x'))).toEqual({ kind: 'no-response' });
    expect(toImageLoadFailure(new ImageLoadTimeoutError())).toEqual({ kind: 'timeout' });
    expect(toImageLoadFailure(new TypeError('boom'))).toEqual({ kind: 'unknown' });
  });
});
