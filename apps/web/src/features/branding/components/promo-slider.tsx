import { Box } from '@mantine/core';
import { mediaPictureSrcSet, SIDEBAR_SLIDER } from '@studio-gallery/contract';
import { ImageSlider } from '../../../components/image-slider';
import { usePromoSlides } from '../api/get-promo-slides';

/** The sidebar promotion: at most 5 pictures, 10 s each, 3 s cross-fade (§9). */
export function PromoSlider({ sizes }: { /** The slider's width on screen (`<img sizes>`). */ sizes: string }) {
  const { data } = usePromoSlides();
  if (!data || data.length === 0) return null;
  return (
    <Box h={150} style={{ borderRadius: 'var(--mantine-radius-md)', overflow: 'hidden' }}>
      <ImageSlider
        label="Studio offers"
        intervalMs={SIDEBAR_SLIDER.autoplayMs}
        transitionMs={SIDEBAR_SLIDER.transitionMs}
        fit="contain"
        controlsPosition="top"
        controlsSize="sm"
        sizes={sizes}
        items={data.map((s, i) => ({
          key: s.id,
          src: s.photoUrl,
          srcSet: mediaPictureSrcSet(s.photoUrl),
          alt: s.title ?? `Studio offer ${i + 1}`,
          href: s.url,
          caption: s.title,
        }))}
      />
    </Box>
  );
}
