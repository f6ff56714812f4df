import { useEffect, useState, type ReactNode } from 'react';
import { useReducedMotion } from '@mantine/hooks';
import { IconPlayerPauseFilled, IconPlayerPlayFilled } from '@tabler/icons-react';
import classes from './image-slider.module.css';

export interface SliderItem {
  key: string | number;
  src: string;
  /** The picture at other widths (`<img srcset>`): the browser takes the smallest that fills the frame. */
  srcSet?: string;
  alt: string;
  /** Optional link the picture opens (in a new tab). */
  href?: string | null;
  caption?: string | null;
}

export interface ImageSliderProps {
  items: SliderItem[];
  /** Accessible name of the carousel region. */
  label: string;
  /** Time each picture stays, in ms. */
  intervalMs: number;
  /** Cross-fade duration, in ms. */
  transitionMs?: number;
  /** Shows the captions over the pictures. */
  withCaptions?: boolean;
  className?: string;
  /** Rendered above the pictures (for example a title over a banner). */
  overlay?: ReactNode;
  /**
   * `cover` fills the frame and crops; `contain` shows the whole picture over a blurred copy of
   * itself (for pictures whose own text must not be cut off).
   */
  fit?: 'cover' | 'contain';
  /** Where the pause button and dots sit. */
  controlsPosition?: 'top' | 'bottom';
  /** Dot size: `sm` for small frames such as the sidebar. */
  controlsSize?: 'sm' | 'md';
  /** The frame's width on screen (`<img sizes>`), for the items' srcSet. */
  sizes?: string;
}

/** How long before its turn autoplay puts the next slide's picture in the page (at most half the interval). */
const PRELOAD_LEAD_MS = 2_000;

/**
 * A cross-fading picture carousel with autoplay. Only the showing slide's picture is loaded, and the
 * next one shortly before it shows. Autoplay pauses while hovered or focused, can be
 * paused with a button (WCAG 2.2.2), and is off when the user prefers reduced motion.
 */
export function ImageSlider({
  items,
  label,
  intervalMs,
  transitionMs = 800,
  withCaptions = false,
  className,
  overlay,
  fit = 'cover',
  controlsPosition = 'bottom',
  controlsSize = 'md',
  sizes,
}: ImageSliderProps) {
  const [activeIndex, setActive] = useState(0);
  const [paused, setPaused] = useState(false);
  const [hovered, setHovered] = useState(false);
  // Keys of the slides whose pictures are in the page. A slide's picture goes in when it shows, or
  // shortly before autoplay brings it in, and then stays (it fades out, and comes round again).
  const [loaded, setLoaded] = useState<ReadonlyArray<SliderItem['key']>>([]);
  const reduceMotion = useReducedMotion();
  const count = items.length;
  const active = count > 0 ? activeIndex % count : 0;
  const autoplay = count > 1 && !paused && !hovered && !reduceMotion;

  const activeKey = items[active]?.key;
  if (activeKey !== undefined && !loaded.includes(activeKey)) setLoaded([...loaded, activeKey]);

  const nextKey = count > 1 ? items[(active + 1) % count]?.key : undefined;

  useEffect(() => {
    if (!autoplay) return undefined;
    // Hidden slides are stacked in view (transparent), so the browser would fetch a picture as
    // soon as it is in the page, lazy or not: it goes in only this long before its turn.
    const preload = window.setTimeout(
      () => setLoaded((keys) => (nextKey === undefined || keys.includes(nextKey) ? keys : [...keys, nextKey])),
      intervalMs - Math.min(PRELOAD_LEAD_MS, intervalMs / 2),
    );
    const advance = window.setTimeout(() => setActive((i) => (i + 1) % count), intervalMs);
    return () => {
      window.clearTimeout(preload);
      window.clearTimeout(advance);
    };
  }, [autoplay, active, count, intervalMs, nextKey]);

  return (
    <section
      className={[classes.root, className].filter(Boolean).join(' ')}
      aria-roledescription="carousel"
      aria-label={label}
      data-fit={fit}
      data-controls={controlsPosition}
      data-size={controlsSize}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setHovered(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setHovered(false);
      }}
    >
      <div aria-live={autoplay ? 'off' : 'polite'}>
        {items.map((item, index) => {
          const isActive = index === active;
          const image = !(isActive || loaded.includes(item.key)) ? null : (
            <>
              {fit === 'contain' ? (
                <img
                  className={classes.backdrop}
                  src={item.src}
                  srcSet={item.srcSet}
                  sizes={item.srcSet ? sizes : undefined}
                  alt=""
                  aria-hidden
                  loading={index === 0 ? 'eager' : 'lazy'}
                />
              ) : null}
              <img
                className={classes.image}
                src={item.src}
                srcSet={item.srcSet}
                sizes={item.srcSet ? sizes : undefined}
                alt={item.alt}
                loading={index === 0 ? 'eager' : 'lazy'}
                decoding="async"
                draggable={false}
              />
            </>
          );
          return (
            <div
              key={item.key}
              className={classes.slide}
              style={{ transitionDuration: `${transitionMs}ms` }}
              data-active={isActive || undefined}
              role="group"
              aria-roledescription="slide"
              aria-label={`${index + 1} of ${count}`}
              aria-hidden={!isActive}
              inert={!isActive}
            >
              {item.href ? (
                // Named on its own: its picture is in the page only from its turn on, and may have no
                // text alternative of its own.
                <a className={classes.link} href={item.href} target="_blank" rel="noopener noreferrer" aria-label={`${item.alt || `Picture ${index + 1} of ${count}`} (opens in a new tab)`}>
                  {image}
                </a>
              ) : (
                image
              )}
              {withCaptions && item.caption ? <div className={classes.caption}>{item.caption}</div> : null}
            </div>
          );
        })}
      </div>
      {overlay}
      {count > 1 ? (
        <div className={classes.controls}>
          {!reduceMotion ? (
            <button
              type="button"
              className={classes.toggle}
              onClick={() => setPaused((p) => !p)}
              aria-label={paused ? 'Play slideshow' : 'Pause slideshow'}
            >
              {paused ? <IconPlayerPlayFilled size={12} /> : <IconPlayerPauseFilled size={12} />}
            </button>
          ) : null}
          {items.map((item, index) => (
            <button
              key={item.key}
              type="button"
              className={classes.dot}
              aria-label={`Show picture ${index + 1} of ${count}`}
              aria-current={index === active}
              onClick={() => setActive(index)}
            />
          ))}
        </div>
      ) : null}
    </section>
  );
}
