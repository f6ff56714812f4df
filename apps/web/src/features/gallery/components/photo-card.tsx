import { Suspense, useRef, useState, type RefObject } from 'react';
import { ActionIcon, Badge, Checkbox } from '@mantine/core';
import { IconAdjustmentsHorizontal, IconDownload, IconEyeOff, IconHeart, IconHeartFilled, IconMaximize, IconPhoto, IconRestore } from '@tabler/icons-react';
import { photoIsFavourite, photoIsSkipped, type GalleryFlag, type GalleryPhoto } from '@studio-gallery/contract';
import { LazyTooltip } from '../../../components/hover-tooltip';
import { useInView } from '../hooks/use-in-view';
import { canToggleFavourite, canToggleSkip, GRID_IMAGE_SIZES, photoIsEdited, skipLabel, thumbnailSrc } from '../lib/photo-rules';
import classes from './photo-card.module.css';

export interface PhotoCardProps {
  photo: GalleryPhoto;
  flag: GalleryFlag;
  selected: boolean;
  /** The first row loads eagerly (it is what the customer sees first). */
  priority?: boolean;
  onToggleSelected: (photo: GalleryPhoto) => void;
  onPreview: (photo: GalleryPhoto) => void;
  onDownload: (photo: GalleryPhoto) => void;
  onToggleFavourite: (photo: GalleryPhoto) => void;
  /** Skip / UnSkip; without it (a session-code visitor, who may not change photos) the card offers none. */
  onToggleSkip?: (photo: GalleryPhoto) => void;
  /** Opens the editor on the photo; without it the card offers no Edit. */
  onEdit?: (photo: GalleryPhoto) => void;
}

/**
 * A card action's tooltip, attached to its button through `target` so the button itself never
 * changes. Cards mount their tooltips on the first pointer entry (see PhotoCard): four Mantine
 * tooltips per card, each with its floating-ui state and portal, were most of the gallery's first
 * commit; until the pointer comes near, no tooltip can show anyway (they open on hover only).
 */
function ActionTooltip({ label, target }: { label: string; target: RefObject<HTMLButtonElement | null> }) {
  return (
    <Suspense fallback={null}>
      <LazyTooltip label={label} target={target} withArrow openDelay={300} />
    </Suspense>
  );
}

/** One photo of the grid: a fixed 2:3 frame (no layout shift), its checkbox and its actions. */
export function PhotoCard({ photo, flag, selected, priority = false, onToggleSelected, onPreview, onDownload, onToggleFavourite, onToggleSkip, onEdit }: PhotoCardProps) {
  const frameRef = useRef<HTMLButtonElement>(null);
  const previewRef = useRef<HTMLButtonElement>(null);
  const downloadRef = useRef<HTMLButtonElement>(null);
  const favouriteRef = useRef<HTMLButtonElement>(null);
  const skipRef = useRef<HTMLButtonElement>(null);
  const editRef = useRef<HTMLButtonElement>(null);
  // The actions' tooltips exist from the first time the pointer enters the card (hover only).
  const [tooltips, setTooltips] = useState(false);
  const inView = useInView(frameRef, '50px');
  const [loaded, setLoaded] = useState(false);
  const [failed, setFailed] = useState(false);
  const { src, srcSet, avifSrcSet } = thumbnailSrc(photo);
  const favourite = photoIsFavourite(photo);
  const skipped = photoIsSkipped(photo);
  const edited = photoIsEdited(photo);
  const showImage = (priority || inView) && !failed;

  return (
    <div
      className={classes.card}
      data-selected={selected || undefined}
      data-testid="photo-card"
      data-photo-id={photo.id}
      onPointerEnter={tooltips ? undefined : () => setTooltips(true)}
    >
      <div className={classes.media}>
      <Checkbox
        className={classes.check}
        checked={selected}
        onChange={() => onToggleSelected(photo)}
        aria-label={`Select ${photo.name}`}
        size="md"
      />
      <div className={classes.badges}>
        {photo.isRetouched ? (
          <Badge size="sm" variant="filled" color="dark" radius="sm">
            Retouched
          </Badge>
        ) : null}
        {edited ? (
          <Badge size="sm" variant="filled" color="indigo.9" radius="sm">
            Edited
          </Badge>
        ) : null}
        {favourite ? (
          <Badge size="sm" variant="filled" color="red.9" radius="sm" leftSection={<IconHeartFilled size={10} aria-hidden />}>
            Favorite
          </Badge>
        ) : null}
      </div>
      <button ref={frameRef} type="button" className={classes.frame} data-preview-frame onClick={() => onPreview(photo)} aria-label={`Preview ${photo.name}`}>
        {!loaded ? (
          <span className={classes.placeholderIcon} aria-hidden>
            <IconPhoto size={36} stroke={1.2} />
          </span>
        ) : null}
        {showImage ? (
          <picture>
            {avifSrcSet ? <source type="image/avif" srcSet={avifSrcSet} sizes={GRID_IMAGE_SIZES} /> : null}
            <img
              className={classes.image}
              data-loaded={loaded || undefined}
              data-priority={priority || undefined}
              src={src}
              srcSet={srcSet}
              sizes={GRID_IMAGE_SIZES}
              alt={photo.name}
              width={photo.width || 400}
              height={photo.height || 600}
              loading={priority ? 'eager' : 'lazy'}
              decoding="async"
              onLoad={() => setLoaded(true)}
              onError={() => setFailed(true)}
            />
          </picture>
        ) : null}
      </button>
      <div className={classes.actions}>
        {/* Phones: the photo itself is the preview button, which leaves room for Edit. The photo is the
            keyboard's one "Preview" stop everywhere, so this button (for the pointer) is not a tab stop. */}
        <ActionIcon
          ref={previewRef}
          className={`${classes.action} ${classes.previewAction}`}
          variant="white"
          radius="xl"
          size="lg"
          tabIndex={-1}
          onClick={() => onPreview(photo)}
          aria-label={`Preview ${photo.name}`}
        >
          <IconMaximize size={18} aria-hidden />
        </ActionIcon>
        {tooltips ? <ActionTooltip label="Preview" target={previewRef} /> : null}
        <ActionIcon ref={downloadRef} className={classes.action} variant="white" radius="xl" size="lg" onClick={() => onDownload(photo)} aria-label={`Download ${photo.name}`}>
          <IconDownload size={18} aria-hidden />
        </ActionIcon>
        {tooltips ? <ActionTooltip label="Download" target={downloadRef} /> : null}
        {canToggleFavourite(flag) ? (
          <>
            <ActionIcon
              ref={favouriteRef}
              className={classes.action}
              data-active={favourite || undefined}
              variant="white"
              radius="xl"
              size="lg"
              onClick={() => onToggleFavourite(photo)}
              aria-label={favourite ? `Remove ${photo.name} from favorites` : `Mark ${photo.name} as favorite`}
              aria-pressed={favourite}
            >
              {favourite ? <IconHeartFilled size={18} aria-hidden /> : <IconHeart size={18} aria-hidden />}
            </ActionIcon>
            {tooltips ? <ActionTooltip label={favourite ? 'Remove from favorites' : 'Mark as favorite'} target={favouriteRef} /> : null}
          </>
        ) : null}
        {onToggleSkip && canToggleSkip(photo, flag) ? (
          <>
            <ActionIcon
              ref={skipRef}
              className={classes.action}
              variant="white"
              radius="xl"
              size="lg"
              onClick={() => onToggleSkip(photo)}
              aria-label={`${skipLabel(photo)} ${photo.name}`}
            >
              {skipped ? <IconRestore size={18} aria-hidden /> : <IconEyeOff size={18} aria-hidden />}
            </ActionIcon>
            {tooltips ? <ActionTooltip label={skipLabel(photo)} target={skipRef} /> : null}
          </>
        ) : null}
        {onEdit ? (
          <>
            <ActionIcon ref={editRef} className={classes.action} variant="white" radius="xl" size="lg" onClick={() => onEdit(photo)} aria-label={`Edit ${photo.name}`}>
              <IconAdjustmentsHorizontal size={18} aria-hidden />
            </ActionIcon>
            {tooltips ? <ActionTooltip label="Edit" target={editRef} /> : null}
          </>
        ) : null}
      </div>
      </div>
      <div className={classes.caption}>
        <span className={classes.name} title={photo.name}>
          {photo.name}
        </span>
        {skipped ? (
          <Badge size="xs" variant="light" color="gray">
            Skipped
          </Badge>
        ) : null}
      </div>
    </div>
  );
}
