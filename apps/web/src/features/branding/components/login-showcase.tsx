import { LOGIN_SLIDER_AUTOPLAY_MS, mediaPictureSrcSet } from '@studio-gallery/contract';
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
 * The pictures' width on screen (auth-layout.module.css): the side panel is 6 of 11 columns of the
 * screen from the md breakpoint (62em) up, the phone's banner spans the screen less its margins below
 * it. Both showcases name the same sizes: the hidden one's first picture is fetched too (eager), and
 * then it is the same file.
 */
const SLIDE_SIZES = '(min-width: 62em) 55vw, calc(100vw - 32px)';

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
          sizes={SLIDE_SIZES}
          items={items.map((s, i) => ({
            key: s.id,
            src: s.photoUrl,
            srcSet: mediaPictureSrcSet(s.photoUrl),
            alt: s.title ?? `Sample headshot ${i + 1}`,
          }))}
          overlay={overlay}
        />
      </div>
    );
  }

  // While the login pictures are on their way, the accent gradient: the banner would be downloaded
  // (a background image of a shown element) only to be replaced by the first picture.
  const banner = withSlider && slides.isPending ? null : branding.imageBG;
  return (
    <div
      className={className}
      style={banner ? { backgroundImage: `url("${banner}")` } : undefined}
      {...(banner ? { role: 'img', 'aria-label': `${branding.name} banner`, 'data-picture': banner } : {})}
    >
      {overlay}
    </div>
  );
}
