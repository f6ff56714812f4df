import { LOGIN_SLIDER_AUTOPLAY_MS } from '@studio-gallery/contract';
import { ImageSlider } from '../../../components/image-slider';
import { useLoginSlides } from '../api/get-login-slides';
import { useBranding } from '../hooks/use-branding';
import classes from './login-showcase.module.css';

export interface LoginShowcaseProps {
  /** Rotate the studio's login pictures (login screen); otherwise show the banner. */
  withSlider?: boolean;
  /** Short banner for phones. */
  compact?: boolean;
}

/**
 * The picture side of the sign-in screens: the studio's rotating login pictures (4 s each) on the
 * login screen, its banner (imageBG) elsewhere or when it has no pictures, an accent gradient when
 * it has neither.
 */
export function LoginShowcase({ withSlider = false, compact = false }: LoginShowcaseProps) {
  const { branding } = useBranding();
  const slides = useLoginSlides();
  const items = withSlider ? (slides.data ?? []) : [];
  const className = compact ? `${classes.root} ${classes.compact}` : classes.root;

  const overlay = compact ? null : (
    <div className={classes.overlay}>
      <p className={classes.title}>{branding.name}</p>
      <p className={classes.text}>Your professional headshots, ready to view, download and share.</p>
    </div>
  );

  if (items.length > 0) {
    return (
      <div className={className}>
        <ImageSlider
          label={`${branding.name} photos`}
          intervalMs={LOGIN_SLIDER_AUTOPLAY_MS}
          fit="contain"
          controlsSize={compact ? 'sm' : 'md'}
          controlsPosition={compact ? 'top' : 'bottom'}
          items={items.map((s, i) => ({
            key: s.id,
            src: s.photoUrl,
            alt: s.title ?? `Sample headshot ${i + 1}`,
          }))}
          overlay={overlay}
        />
      </div>
    );
  }

  return (
    <div
      className={className}
      style={branding.imageBG ? { backgroundImage: `url("${branding.imageBG}")` } : undefined}
      {...(branding.imageBG ? { role: 'img', 'aria-label': `${branding.name} banner`, 'data-picture': branding.imageBG } : {})}
    >
      {overlay}
    </div>
  );
}
