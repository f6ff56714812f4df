import { lazy, Suspense, useDeferredValue, useEffect, useMemo, useState, type ReactNode } from 'react';
import { Alert, Badge, Button, Checkbox, CloseButton, Group, NativeSelect, Paper, Skeleton, Stack, Tabs, Text, TextInput, ThemeIcon } from '@mantine/core';
import { IconAlertCircle, IconDownload, IconPhoto, IconPhotoSearch, IconSearch, IconShare } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import { GALLERY_PAGE_SIZES, galleryMessages, messages, type GalleryFlag, type GalleryPhoto } from '@studio-gallery/contract';
import { HoverTooltip } from '../../../components/hover-tooltip';
import { PageHeader } from '../../../components/page-header';
import { isApiError } from '../../../lib/api-client';
import { notifyError } from '../../../lib/notify';
import { clearStoredState } from '../../../lib/session';
import { useOpenedOnce } from '../../../lib/use-opened-once';
import { whenIdle } from '../../../lib/when-idle';
import { useDownloadZip } from '../api/download-zip';
import { useGalleryPage } from '../api/get-gallery-page';
import { useSkipPhoto } from '../api/skip-photo';
import { useToggleFavourite } from '../api/toggle-favourite';
import { getGalleryViewer } from '../../../lib/viewer';
import { useGalleryState } from '../hooks/gallery-state';
import { GALLERY_TABS } from '../lib/photo-rules';
import { GalleryPagination } from './gallery-pagination';
import { PhotoCard } from './photo-card';
import type { PreviewAction } from './preview-modal';
import classes from './gallery.module.css';

// The dialogs are not part of the first screen (their Modal, Menu and Radio code was a fifth of the
// gallery's start-up libraries): their code loads once the page is idle, or when first opened.
const loadPreviewModal = () => import('./preview-modal');
const loadDownloadSizeModal = () => import('./download-size-modal');
const loadShareModal = () => import('./share-modal');
const PreviewModal = lazy(() => loadPreviewModal().then((m) => ({ default: m.PreviewModal })));
const DownloadSizeModal = lazy(() => loadDownloadSizeModal().then((m) => ({ default: m.DownloadSizeModal })));
const ShareModal = lazy(() => loadShareModal().then((m) => ({ default: m.ShareModal })));

export const NO_RESULTS = 'No results found.';

export interface GalleryScreenProps {
  /** The tab the route opens on (/main/favourites → Favorites, …). */
  initialFlag: GalleryFlag;
  /** Where help lives (the FAQ). */
  helpHref: string;
  loginHref: string;
  /** Extra buttons of the selection bar for the selected photos (the app adds Touch-up and Background). */
  selectionActions?: (selected: GalleryPhoto[]) => ReactNode;
  /** Extra entries of the preview's Actions menu for a photo (the app adds Professional Retouch). */
  previewActions?: (photo: GalleryPhoto) => PreviewAction[];
}

/** "Your Photoshoot" (spec §2 "Photoshoot gallery", §4). */
export function GalleryScreen({ initialFlag, helpHref, loginHref, selectionActions, previewActions }: GalleryScreenProps) {
  const navigate = useNavigate();
  const viewer = useMemo(() => getGalleryViewer(), []);
  const [state, dispatch] = useGalleryState(initialFlag);
  const [searchDraft, setSearchDraft] = useState('');
  const [previewId, setPreviewId] = useState<number | null>(null);
  const [downloadPhoto, setDownloadPhoto] = useState<GalleryPhoto | null>(null);
  const [shareOpened, setShareOpened] = useState(false);
  const query = useGalleryPage(viewer, { page: state.page, pageSize: state.pageSize, flag: state.flag, search: state.search });
  const favourite = useToggleFavourite();
  const skip = useSkipPhoto();
  const zip = useDownloadZip();

  // Loading rule (spec §4): neither a token nor a session code → clear storage, go to /login.
  useEffect(() => {
    if (viewer.kind === 'none') {
      clearStoredState();
      void navigate(loginHref, { replace: true });
    }
  }, [viewer, navigate, loginHref]);

  // The screen renders from a deferred copy of the page. TanStack Query hands new data over through
  // useSyncExternalStore, which React renders in one uninterruptible pass; rendering the page (its
  // 12 cards with their checkboxes, menus and tooltips) from the deferred copy lets React do that
  // render right after, in slices it can interrupt. Everything below (counts, selection, grid,
  // pagination) reads the same copy, so they never disagree.
  const data = useDeferredValue(query.data);
  const items = useMemo(() => data?.items ?? [], [data]);

  // After a reload, keep only selected photos still on the page; past the last page, go back.
  useEffect(() => {
    dispatch({ type: 'keepSelected', ids: items.map((p) => p.id) });
  }, [items, dispatch]);
  useEffect(() => {
    if (data && data.totalPages > 0 && state.page > data.totalPages) dispatch({ type: 'setPage', page: data.totalPages });
  }, [data, state.page, dispatch]);

  const selectedPhotos = items.filter((p) => state.selected.includes(p.id));
  const previewIndex = previewId === null ? -1 : items.findIndex((p) => p.id === previewId);
  const previewPhoto = previewIndex >= 0 ? items[previewIndex]! : null;
  const previewLoaded = useOpenedOnce(previewPhoto !== null);
  const downloadSizeLoaded = useOpenedOnce(downloadPhoto !== null);
  const shareLoaded = useOpenedOnce(shareOpened);
  useEffect(
    () =>
      whenIdle(() => {
        // Warming up only: opening the dialog loads (and reports) it for real.
        for (const load of [loadPreviewModal, loadDownloadSizeModal, loadShareModal]) load().catch(() => undefined);
      }),
    [],
  );
  const previousPhoto = previewIndex > 0 ? items[previewIndex - 1] : undefined;
  const nextPhoto = previewIndex >= 0 ? items[previewIndex + 1] : undefined;
  const totalPhotos = data ? data.overallAllCount + data.totalSkipCount : null;
  const hasSelection = selectedPhotos.length > 0;
  const allSelected = items.length > 0 && selectedPhotos.length === items.length;

  const header = (
    <PageHeader
      title="Your Photoshoot"
      description={viewer.kind === 'visitor' ? 'You are viewing a shared session. Log in to mark favorites.' : 'Browse, favorite and download your headshots.'}
      aside={
        totalPhotos === null ? (
          <Skeleton h={28} w={96} radius="xl" />
        ) : (
          <Badge size="lg" variant="light" radius="xl">
            {totalPhotos} {totalPhotos === 1 ? 'photo' : 'photos'}
          </Badge>
        )
      }
    />
  );

  if (viewer.kind === 'none') return header;

  const noSession = (isApiError(query.error) && query.error.status === 404) || (data && totalPhotos === 0);
  if (noSession) {
    return (
      <>
        {header}
        <NoSession helpHref={helpHref} />
      </>
    );
  }

  if (query.isError && !data) {
    return (
      <>
        {header}
        <Alert color="red" icon={<IconAlertCircle aria-hidden />} title="Your photos could not be loaded">
          <Stack gap="sm" align="flex-start">
            <Text size="sm">{isApiError(query.error) ? query.error.message : messages.unexpectedError}</Text>
            <Button size="xs" variant="light" color="red" onClick={() => void query.refetch()}>
              Try Again
            </Button>
          </Stack>
        </Alert>
      </>
    );
  }

  const onDownloadSelected = () => {
    if (!hasSelection) {
      notifyError(galleryMessages.zipNeedsSelection);
      return;
    }
    zip.mutate(selectedPhotos);
  };
  const onShare = () => {
    if (!hasSelection) {
      notifyError(galleryMessages.noImagesToShare);
      return;
    }
    setShareOpened(true);
  };

  let content: ReactNode;
  if (!data) {
    content = (
      <div className={classes.grid} aria-busy="true" aria-label="Loading photos">
        {Array.from({ length: state.pageSize }, (_, i) => (
          <Skeleton key={i} radius="md" style={{ aspectRatio: '2 / 3.35' }} />
        ))}
      </div>
    );
  } else if (items.length === 0) {
    content = (
      <Paper withBorder radius="lg" className={classes.empty}>
        <Stack align="center" gap="xs" ta="center">
          <ThemeIcon size={64} radius={999} variant="light" aria-hidden>
            {state.search ? <IconPhotoSearch size={32} stroke={1.4} /> : <IconPhoto size={32} stroke={1.4} />}
          </ThemeIcon>
          <Text fw={600}>{state.search ? NO_RESULTS : messages.noPhotosForFilter}</Text>
          {state.search ? (
            <Button
              variant="subtle"
              size="xs"
              onClick={() => {
                setSearchDraft('');
                dispatch({ type: 'applySearch', search: '' });
              }}
            >
              Clear search
            </Button>
          ) : null}
        </Stack>
      </Paper>
    );
  } else {
    content = (
      <div className={classes.grid} aria-busy={query.isFetching || undefined}>
        {items.map((photo, index) => (
          <PhotoCard
            key={photo.id}
            photo={photo}
            flag={state.flag}
            selected={state.selected.includes(photo.id)}
            priority={index < 4}
            onToggleSelected={(p) => dispatch({ type: 'toggleSelected', id: p.id })}
            onPreview={(p) => setPreviewId(p.id)}
            onDownload={setDownloadPhoto}
            onToggleFavourite={(p) => favourite.mutate(p)}
            onToggleSkip={(p) => skip.mutate({ photoId: p.id, value: !(p.isSkipped || p.isSkkipped) })}
          />
        ))}
      </div>
    );
  }

  return (
    <>
      {header}
      <Tabs styles={{ tab: { flexShrink: 0 } }} value={state.flag} onChange={(value) => value && dispatch({ type: 'setFlag', flag: value as GalleryFlag })} keepMounted={false}>
        <Tabs.List className={classes.tabs} style={{ flexWrap: 'nowrap' }}>
          {GALLERY_TABS.map((tab) => (
            <Tabs.Tab
              key={tab.flag}
              value={tab.flag}
              rightSection={
                <Badge size="sm" variant={state.flag === tab.flag ? 'filled' : 'light'} color={state.flag === tab.flag ? undefined : 'gray'} radius="xl">
                  {data ? data[tab.count] : '–'}
                </Badge>
              }
            >
              {tab.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {GALLERY_TABS.map((tab) => (
          <Tabs.Panel key={tab.flag} value={tab.flag}>
            {tab.flag === state.flag ? (
              <>
                <div className={classes.toolbar}>
                  <TextInput
                    aria-label="Search photos"
                    placeholder="Search by name, press Enter"
                    leftSection={<IconSearch size={16} aria-hidden />}
                    rightSection={
                      searchDraft || state.search ? (
                        <CloseButton
                          size="sm"
                          aria-label="Clear search"
                          onClick={() => {
                            setSearchDraft('');
                            dispatch({ type: 'applySearch', search: '' });
                          }}
                        />
                      ) : null
                    }
                    value={searchDraft}
                    onChange={(event) => setSearchDraft(event.currentTarget.value)}
                    onKeyDown={(event) => {
                      if (event.key === 'Enter') {
                        event.preventDefault();
                        dispatch({ type: 'applySearch', search: searchDraft });
                      }
                    }}
                    size="sm"
                    style={{ flex: '1 1 200px', maxWidth: 360 }}
                    enterKeyHint="search"
                  />
                  <Group gap={8} wrap="nowrap">
                    <Text component="label" htmlFor="gallery-page-size" size="sm" fw={500} style={{ whiteSpace: 'nowrap' }}>
                      Per page
                    </Text>
                    <NativeSelect
                      id="gallery-page-size"
                      data={GALLERY_PAGE_SIZES.map(String)}
                      value={String(state.pageSize)}
                      onChange={(event) => dispatch({ type: 'setPageSize', pageSize: Number(event.currentTarget.value) })}
                      size="sm"
                      w={76}
                    />
                  </Group>
                </div>
                <div className={classes.selectionBar} role="group" aria-label="Selection">
                  <Checkbox
                    label={hasSelection ? `${selectedPhotos.length} selected` : 'Select all'}
                    aria-label="Select all photos on this page"
                    checked={allSelected}
                    indeterminate={hasSelection && !allSelected}
                    disabled={items.length === 0}
                    onChange={() => dispatch({ type: 'setAllSelected', ids: items.map((p) => p.id), selected: !allSelected })}
                  />
                  {selectionActions ? (
                    <Group gap="xs" ml="auto" wrap="nowrap" className={classes.selectionExtras}>
                      {selectionActions(selectedPhotos)}
                    </Group>
                  ) : null}
                  <Group gap="xs" ml={selectionActions ? undefined : 'auto'} wrap="nowrap">
                    <HoverTooltip label={galleryMessages.zipNeedsSelection} disabled={hasSelection}>
                      <Button
                        leftSection={<IconDownload size={18} aria-hidden />}
                        data-disabled={!hasSelection || undefined}
                        aria-disabled={!hasSelection}
                        loading={zip.isPending}
                        onClick={onDownloadSelected}
                      >
                        Download
                      </Button>
                    </HoverTooltip>
                    <HoverTooltip label={galleryMessages.noImagesToShare} disabled={hasSelection}>
                      <Button
                        variant="default"
                        leftSection={<IconShare size={18} aria-hidden />}
                        data-disabled={!hasSelection || undefined}
                        aria-disabled={!hasSelection}
                        onClick={onShare}
                      >
                        Share
                      </Button>
                    </HoverTooltip>
                  </Group>
                </div>
                <div style={{ marginTop: 16 }}>{content}</div>
                {data ? <GalleryPagination page={state.page} totalPages={data.totalPages} onChange={(page) => dispatch({ type: 'setPage', page })} /> : null}
                <div className={classes.selectionSpacer} />
              </>
            ) : null}
          </Tabs.Panel>
        ))}
      </Tabs>

      {previewLoaded ? (
        <Suspense fallback={null}>
          <PreviewModal
            photo={previewPhoto}
            flag={state.flag}
            onClose={() => setPreviewId(null)}
            onPrevious={previousPhoto ? () => setPreviewId(previousPhoto.id) : undefined}
            onNext={nextPhoto ? () => setPreviewId(nextPhoto.id) : undefined}
            onMarkFavourite={(p) => favourite.mutate(p)}
            onToggleSkip={(p) => skip.mutate({ photoId: p.id, value: !(p.isSkipped || p.isSkkipped) })}
            extraActions={
              previewActions
                ? (p) =>
                    previewActions(p).map((action) => ({
                      ...action,
                      // The preview closes first, so the action's own modal is the only one open.
                      onClick: () => {
                        setPreviewId(null);
                        action.onClick();
                      },
                    }))
                : undefined
            }
          />
        </Suspense>
      ) : null}
      {downloadSizeLoaded ? (
        <Suspense fallback={null}>
          <DownloadSizeModal photo={downloadPhoto} onClose={() => setDownloadPhoto(null)} />
        </Suspense>
      ) : null}
      {shareLoaded ? (
        <Suspense fallback={null}>
          <ShareModal opened={shareOpened} photos={selectedPhotos} onClose={() => setShareOpened(false)} />
        </Suspense>
      ) : null}
    </>
  );
}

function NoSession({ helpHref }: { helpHref: string }) {
  return (
    <Paper withBorder p={{ base: 'lg', sm: 48 }} radius="lg">
      <Stack align="center" gap="sm" ta="center">
        <ThemeIcon size={84} radius={999} variant="light" color="brand" aria-hidden>
          <IconPhoto size={44} stroke={1.4} />
        </ThemeIcon>
        <Text fw={700} fz="xl" mt="xs">
          {messages.noSession}
        </Text>
        <Text c="dimmed" maw={440}>
          Photos usually arrive within 5 to 10 minutes of your session. We will email you when they are ready.
        </Text>
        <Button component={Link} to={helpHref} variant="light" mt="sm">
          Visit Help &amp; FAQs
        </Button>
      </Stack>
    </Paper>
  );
}
