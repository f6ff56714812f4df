import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { CONTENT_NOT_FOUND, SharedImage, sharedImageSrc } from './shared-image';

describe('shared image page', () => {
  it('accepts only our own media URLs', () => {
    const origin = 'https://gallery.example';
    expect(sharedImageSrc('/api/photo-media/4/preview.jpg?sig=a', origin, '/api')).toBe('https://gallery.example/api/photo-media/4/preview.jpg?sig=a');
    expect(sharedImageSrc('https://gallery.example/api/photo-media/4/p.jpg', origin, '/api')).toContain('/api/photo-media/4');
    expect(sharedImageSrc('https://evil.example/api/x.jpg', origin, '/api')).toBeNull();
    expect(sharedImageSrc('/login', origin, '/api')).toBeNull();
    expect(sharedImageSrc('javascript:alert(1)', origin, '/api')).toBeNull();
    expect(sharedImageSrc(null, origin, '/api')).toBeNull();
  });

  it('says "Content not found !" without a usable URL', () => {
    renderWithProviders(<SharedImage src={null} homeHref="/main" />);
    expect(screen.getByRole('heading', { name: CONTENT_NOT_FOUND })).toBeInTheDocument();
  });

  it('shows the shared photo', () => {
    renderWithProviders(<SharedImage src="https://x/api/photo-media/1/p.jpg" homeHref="/main" />);
    expect(screen.getByRole('img', { name: 'Shared headshot' })).toHaveAttribute('src', 'https://x/api/photo-media/1/p.jpg');
  });
});
