import { useRef, useState, type ReactNode } from 'react';
import { ActionIcon, Badge, Button, Group, Loader, Menu, Modal, Stack, Text } from '@mantine/core';
import {
  IconAdjustmentsHorizontal,
  IconArrowBackUp,
  IconChevronDown,
  IconChevronLeft,
  IconChevronRight,
  IconDownload,
  IconEyeOff,
  IconHeart,
  IconPhotoOff,
  IconRestore,
} from '@tabler/icons-react';
import { photoIsSkipped, type GalleryFlag, type GalleryPhoto } from '@studio-gallery/contract';
import { usePhotoDownloadOptions } from '../api/download-options';
import { photoResolutionOptions, useDownloadPhoto, type ResolutionChoice } from '../api/download-photo';
import { canMarkFavourite, canToggleSkip, photoIsEdited, previewSrc, skipLabel } from '../lib/photo-rules';
import { useFlipPosition } from './flip-menu';
import classes from './preview-modal.module.css';

export type PreviewState = 'loading' | 'loaded' | 'error';

/** Room kept free above and below the dialog: the toasts show at the bottom (app/toasts.module.css). */
export const PREVIEW_Y_OFFSET = 88;

/** An extra entry of the Actions menu, supplied by the app (e.g. Professional Retouch). */
export interface PreviewAction {
  key: string;
  label: string;
  icon?: ReactNode;
  onClick: () => void;
}

export interface PreviewModalProps {
  photo: GalleryPhoto | null;
  flag: GalleryFlag;
  onClose: () => void;
  onMarkFavourite: (photo: GalleryPhoto) => void;
  /** Skip / UnSkip; absent (a session-code visitor), no Skip entry. */
  onToggleSkip?: (photo: GalleryPhoto) => void;
  /** The photo before / after this one on the page (absent at the ends). */
  onPrevious?: () => void;
  onNext?: () => void;
  /** Extra entries of the Actions menu for this photo. */
  extraActions?: (photo: GalleryPhoto) => PreviewAction[];
  /** Actions → Edit (the editor); absent, no Edit entry. */
  onEdit?: (photo: GalleryPhoto) => void;
  /** Actions → Revert to original, offered for edited photos only. */
  onRevertEdit?: (photo: GalleryPhoto) => void;
}

/** The large view of one photo (spec §2, §4): loading / loaded / error, Download and Actions menus. */
export function PreviewModal({ photo, flag, onClose, onMarkFavourite, onToggleSkip, onPrevious, onNext, extraActions, onEdit, onRevertEdit }: PreviewModalProps) {
  return (
    <Modal
      opened={photo !== null}
      onClose={onClose}
      // The gallery puts focus back on the card of the photo shown last (the modal would return it to
      // where it was when it opened, and not at all the first time: it mounts already open).
      returnFocus={false}
      title={photo?.name ?? 'Preview'}
      size="xl"
      centered
      yOffset={PREVIEW_Y_OFFSET}
      lockScroll
      closeOnEscape
      closeButtonProps={{ 'aria-label': 'Close preview' }}
      styles={{ title: { fontWeight: 700, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' } }}
    >
      {photo ? (
        <div
          onKeyDown={(event) => {
            // Arrow keys page through the photos, except inside a menu (its own arrow keys).
            if ((event.target as HTMLElement).closest('[role="menu"]')) return;
            if (event.key === 'ArrowLeft' && onPrevious) onPrevious();
            if (event.key === 'ArrowRight' && onNext) onNext();
          }}
        >
          <PreviewBody
            key={photo.id}
            photo={photo}
            flag={flag}
            onMarkFavourite={onMarkFavourite}
            onToggleSkip={onToggleSkip}
            onPrevious={onPrevious}
            onNext={onNext}
            extraActions={extraActions}
            onEdit={onEdit}
            onRevertEdit={onRevertEdit}
          />
        </div>
      ) : null}
    </Modal>
  );
}

function PreviewBody({
  photo,
  flag,
  onMarkFavourite,
  onToggleSkip,
  onPrevious,
  onNext,
  extraActions,
  onEdit,
  onRevertEdit,
}: Omit<PreviewModalProps, 'photo' | 'onClose'> & { photo: GalleryPhoto }) {
  const [state, setState] = useState<PreviewState>('loading');
  const [attempt, setAttempt] = useState(0);
  // Try Again mounts a fresh <img> (signed URLs must not be altered, so no cache-busting query).
  const src = previewSrc(photo);
  const download = useDownloadPhoto();
  const downloadOptions = photoResolutionOptions(usePhotoDownloadOptions(photo));
  const [downloadPosition, measureDownload] = useFlipPosition('start');
  const [actionsPosition, measureActions] = useFlipPosition('end');
  const showFavourite = canMarkFavourite(photo, flag);
  const showSkip = onToggleSkip !== undefined && canToggleSkip(photo, flag, true);
  const skipped = photoIsSkipped(photo);
  const extras = extraActions?.(photo) ?? [];
  const edited = photoIsEdited(photo);
  const hasActions = showFavourite || showSkip || extras.length > 0 || onEdit !== undefined || (edited && onRevertEdit !== undefined);
  // The Download button is disabled while the file downloads, so the menu cannot hand focus back to it:
  // the photo takes it instead, so focus stays in the dialog and Escape closes it at the first press.
  const stageRef = useRef<HTMLDivElement>(null);
  const startDownload = (resolution: ResolutionChoice) => {
    download.mutate({ photo, resolution });
    setTimeout(() => stageRef.current?.focus(), 0);
  };

  return (
    <Stack gap="md">
      <div className={classes.stage} data-state={state} ref={stageRef} tabIndex={-1}>
        {state === 'loading' ? (
          <div className={classes.state} role="status">
            <Loader size="md" />
            <Text size="sm">Loading photo…</Text>
          </div>
        ) : null}
        {state === 'error' ? (
          <div className={classes.state} role="alert">
            <IconPhotoOff size={48} stroke={1.2} aria-hidden />
            <Text size="sm">This photo could not be loaded.</Text>
            <Button
              size="xs"
              variant="light"
              onClick={() => {
                setAttempt((n) => n + 1);
                setState('loading');
              }}
            >
              Try Again
            </Button>
          </div>
        ) : null}
        {state !== 'error' ? (
          <img
            key={attempt}
            className={classes.image}
            data-hidden={state === 'loading' || undefined}
            src={src}
            alt={photo.name}
            onLoad={() => setState('loaded')}
            onError={() => setState('error')}
          />
        ) : null}
      </div>
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Group gap="xs" wrap="nowrap">
          <ActionIcon variant="default" size="lg" onClick={onPrevious} disabled={!onPrevious} aria-label="Previous photo">
            <IconChevronLeft size={18} aria-hidden />
          </ActionIcon>
          <ActionIcon variant="default" size="lg" onClick={onNext} disabled={!onNext} aria-label="Next photo">
            <IconChevronRight size={18} aria-hidden />
          </ActionIcon>
          <Text size="sm" c="dimmed" ml={4}>
            {photo.isRetouched ? 'Retouched version' : 'Original'}
            {skipped ? ' · Skipped' : ''}
          </Text>
          {edited ? (
            <Badge size="sm" variant="light" color="indigo" radius="sm">
              Edited
            </Badge>
          ) : null}
        </Group>
        <Group gap="sm">
          <Menu position={downloadPosition} withinPortal withInitialFocusPlaceholder={false} shadow="md" width={downloadOptions.length > 2 ? 300 : 240}>
            <Menu.Target>
              <Button
                onClick={measureDownload}
                onKeyDown={measureDownload}
                leftSection={<IconDownload size={18} aria-hidden />}
                rightSection={<IconChevronDown size={16} aria-hidden />}
                disabled={state === 'loading' || download.isPending}
                loading={download.isPending}
              >
                Download
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              {downloadOptions.map((option) => (
                <Menu.Item
                  key={option.value}
                  onClick={() => startDownload(option.value)}
                  rightSection={option.detail ? <Text size="xs" c="dimmed">{option.detail}</Text> : null}
                >
                  {option.label}
                </Menu.Item>
              ))}
            </Menu.Dropdown>
          </Menu>
          {hasActions ? (
            <Menu position={actionsPosition} withinPortal withInitialFocusPlaceholder={false} shadow="md" width={200}>
              <Menu.Target>
                <Button onClick={measureActions} onKeyDown={measureActions} variant="default" rightSection={<IconChevronDown size={16} aria-hidden />}>
                  Actions
                </Button>
              </Menu.Target>
              <Menu.Dropdown>
                {showFavourite ? (
                  <Menu.Item leftSection={<IconHeart size={16} aria-hidden />} onClick={() => onMarkFavourite(photo)}>
                    Mark As Favorite
                  </Menu.Item>
                ) : null}
                {showSkip ? (
                  <Menu.Item leftSection={skipped ? <IconRestore size={16} aria-hidden /> : <IconEyeOff size={16} aria-hidden />} onClick={() => onToggleSkip?.(photo)}>
                    {skipLabel(photo)}
                  </Menu.Item>
                ) : null}
                {onEdit ? (
                  <Menu.Item leftSection={<IconAdjustmentsHorizontal size={16} aria-hidden />} onClick={() => onEdit(photo)}>
                    Edit
                  </Menu.Item>
                ) : null}
                {edited && onRevertEdit ? (
                  <Menu.Item leftSection={<IconArrowBackUp size={16} aria-hidden />} onClick={() => onRevertEdit(photo)}>
                    Revert to original
                  </Menu.Item>
                ) : null}
                {extras.map((action) => (
                  <Menu.Item key={action.key} leftSection={action.icon} onClick={action.onClick}>
                    {action.label}
                  </Menu.Item>
                ))}
              </Menu.Dropdown>
            </Menu>
          ) : null}
        </Group>
      </Group>
    </Stack>
  );
}
