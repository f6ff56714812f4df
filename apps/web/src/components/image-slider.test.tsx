import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeMediaQueryList } from '../test/media-query';
import { ImageSlider, type SliderItem } from './image-slider';

const items: SliderItem[] = [
  { key: 'a', src: '/slides/a.jpg', alt: 'Picture A' },
  { key: 'b', src: '/slides/b.jpg', alt: 'Picture B' },
  { key: 'c', src: '/slides/c.jpg', alt: 'Picture C' },
];

/** The picture addresses in the page: an <img> with a src is what makes the browser fetch it. */
function requested(container: HTMLElement) {
  return [...new Set(Array.from(container.querySelectorAll('img'), (img) => img.getAttribute('src')))];
}

function advance(ms: number) {
  act(() => {
    vi.advanceTimersByTime(ms);
  });
}

function showing() {
  return screen.getAllByRole('button', { name: /^Show picture/ }).findIndex((dot) => dot.getAttribute('aria-current') === 'true') + 1;
}

describe('ImageSlider', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('puts only the showing slide’s picture in the page, and the next one shortly before its turn (login: 4 s)', () => {
    const { container } = render(<ImageSlider items={items} label="Studio photos" intervalMs={4_000} />);
    expect(requested(container)).toEqual(['/slides/a.jpg']);

    advance(1_999);
    expect(requested(container)).toEqual(['/slides/a.jpg']);
    advance(1);
    expect(requested(container)).toEqual(['/slides/a.jpg', '/slides/b.jpg']);
    expect(showing()).toBe(1);

    advance(2_000);
    expect(showing()).toBe(2);
    expect(requested(container)).toEqual(['/slides/a.jpg', '/slides/b.jpg']);

    advance(2_000);
    expect(requested(container)).toEqual(['/slides/a.jpg', '/slides/b.jpg', '/slides/c.jpg']);
    advance(2_000);
    expect(showing()).toBe(3);
    advance(4_000);
    expect(showing()).toBe(1);
  });

  it('keeps the sidebar timings (10 s, 3 s cross-fade) and loads the next picture 2 s ahead', () => {
    const { container } = render(
      <ImageSlider items={items} label="Studio offers" intervalMs={10_000} transitionMs={3_000} fit="contain" />,
    );
    const slides = screen.getAllByRole('group', { hidden: true }).filter((el) => el.getAttribute('aria-roledescription') === 'slide');
    expect(slides.map((slide) => slide.style.transitionDuration)).toEqual(['3000ms', '3000ms', '3000ms']);
    // The contained picture and its blurred backdrop: one address.
    expect(container.querySelectorAll('img')).toHaveLength(2);
    expect(requested(container)).toEqual(['/slides/a.jpg']);

    advance(7_999);
    expect(requested(container)).toEqual(['/slides/a.jpg']);
    advance(1);
    expect(requested(container)).toEqual(['/slides/a.jpg', '/slides/b.jpg']);
    advance(1_999);
    expect(showing()).toBe(1);
    advance(1);
    expect(showing()).toBe(2);
  });

  it('loads a slide’s picture as soon as its dot is chosen', () => {
    const { container } = render(<ImageSlider items={items} label="Studio photos" intervalMs={4_000} />);
    fireEvent.click(screen.getByRole('button', { name: 'Show picture 3 of 3' }));
    expect(showing()).toBe(3);
    expect(requested(container)).toEqual(['/slides/a.jpg', '/slides/c.jpg']);
    expect(screen.getByRole('img', { name: 'Picture C' })).toBeInTheDocument();
  });

  it('exposes only the showing slide to assistive technology', () => {
    render(<ImageSlider items={items} label="Studio photos" intervalMs={4_000} />);
    expect(screen.getByRole('region', { name: 'Studio photos' })).toHaveAttribute('aria-roledescription', 'carousel');
    expect(screen.getByRole('img', { name: 'Picture A' })).toBeInTheDocument();
    const hidden = screen.getAllByRole('group', { hidden: true }).filter((el) => el.getAttribute('aria-hidden') === 'true');
    expect(hidden.map((el) => el.getAttribute('aria-label'))).toEqual(['2 of 3', '3 of 3']);
    expect(hidden.every((el) => el.hasAttribute('inert'))).toBe(true);
    expect(screen.getByRole('button', { name: 'Pause slideshow' })).toBeInTheDocument();
  });

  it('neither advances nor loads other pictures while paused', () => {
    const { container } = render(<ImageSlider items={items} label="Studio photos" intervalMs={4_000} />);
    fireEvent.click(screen.getByRole('button', { name: 'Pause slideshow' }));
    advance(20_000);
    expect(showing()).toBe(1);
    expect(requested(container)).toEqual(['/slides/a.jpg']);
  });

  it('shows only the first picture when the user prefers reduced motion', () => {
    vi.spyOn(window, 'matchMedia').mockImplementation((query: string) => fakeMediaQueryList(query, (q) => q.includes('prefers-reduced-motion')));
    const { container } = render(<ImageSlider items={items} label="Studio photos" intervalMs={4_000} />);
    advance(20_000);
    expect(showing()).toBe(1);
    expect(requested(container)).toEqual(['/slides/a.jpg']);
    expect(screen.queryByRole('button', { name: 'Pause slideshow' })).toBeNull();
  });
  it('names each picture link, also before its picture is in the page', () => {
    render(
      <ImageSlider
        items={[
          { key: 'a', src: '/slides/a.jpg', alt: 'Spring offer', href: 'https://example.com/a' },
          { key: 'b', src: '/slides/b.jpg', alt: '', href: 'https://example.com/b' },
        ]}
        label="Studio offers"
        intervalMs={10_000}
      />,
    );
    const links = screen.getAllByRole('link', { hidden: true });
    expect(links.map((link) => link.getAttribute('aria-label'))).toEqual(['Spring offer (opens in a new tab)', 'Picture 2 of 2 (opens in a new tab)']);
    expect(screen.getByRole('link', { name: 'Spring offer (opens in a new tab)' })).toHaveAttribute('href', 'https://example.com/a');
  });
});
