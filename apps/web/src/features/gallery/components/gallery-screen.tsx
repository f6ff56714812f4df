import { lazy, Suspense, useCallback, useDeferredValue, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { ActionIcon, Alert, Badge, Button, Checkbox, CloseButton, Group, NativeSelect, Paper, Skeleton, Stack, Tabs, Text, TextInput, ThemeIcon } from '@mantine/core';
import { IconAlertCircle, IconArchive, IconCornerDownLeft, IconDownload, IconPhoto, IconPhotoSearch, IconSearch, IconShare } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import { GALLERY_PAGE_SIZES, galleryMessages, isGalleryView, messages, type GalleryFlag, type GalleryPhoto } from '@studio-gallery/contract';
import { PageHeader } from '../../../components/page-header';
import { isApiError } from '../../../lib/api-client';
import { chosenPhotoOf, rememberChosenPhotos } from '../../../lib/chosen-photos';
import { useGallerySelectionEnd } from '../../../lib/gallery-selection';
import { dismissNotice } from '../../../lib/notify';
import { clearStoredState } from '../../../lib/session';
import { useOpenedOnce } from '../../../lib/use-opened-once';
import { whenIdle } from '../../../lib/when-idle';
import { useAllowFullResolution } from '../api/download-options';
import { useDownloadZip } from '../api/download-zip';
import { useGalleryPage } from '../api/get-gallery-page';
import { useRevertEdit } from '../api/revert-edit';
import { useSkipPhoto } from '../api/skip-photo';
import { useToggleFavourite } from '../api/toggle-favourite';
import { getGalleryViewer } from '../../../lib/viewer';
import { useGalleryState } from '../hooks/gallery-state';
import { GALLERY_TABS, GALLERY_VIEWS } from '../lib/photo-rules';
import { GalleryPagination } from './gallery-pagination';
import { PhotoCard } from './photo-card';
import type { PreviewAction } from './preview-modal';
import classes from './gallery.module.css';
import { useFirstScreenHandOver } from '../../../lib/remember-first-screen';

// The dialogs are not part of the first screen (their Modal, Menu and Radio code was a fifth of the
// gallery's start-up libraries): their code loads once the page is idle, or when first opened.
const loadPreviewModal = () => import('./preview-modal');
const loadDownloadSizeModal = () => import('./download-size-modal');
const loadShareModal = () => import('./share-modal');
const loadZipDownloadMenu = () => import('./zip-download-menu');
const PreviewModal = lazy(() => loadPreviewModal().then((m) => ({ default: m.PreviewModal })));
const DownloadSizeModal = lazy(() => loadDownloadSizeModal().then((m) => ({ default: m.DownloadSizeModal })));
const ShareModal = lazy(() => loadShareModal().then((m) => ({ default: m.ShareModal })));
const ZipDownloadMenu = lazy(() => loadZipDownloadMenu().then((m) => ({ default: m.ZipDownloadMenu })));

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
  /**
   * Opens the editor on a photo (the app's; features don't import each other): each card's Edit and
   * the preview's Actions → Edit. The preview closes first. Without it, no Edit is offered.
   */
  onEditPhoto?: (photo: GalleryPhoto) => void;
}

/** "Your Photoshoot" (spec §2 "Photoshoot gallery", §4). */
export function GalleryScreen({ initialFlag, helpHref, loginHref, selectionActions, previewActions, onEditPhoto }: GalleryScreenProps) {
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
  const revert = useRevertEdit();
  // Skip is the customer's (a session-code visitor's Skip could only say "log in"): not offered to visitors.
  const toggleSkip = viewer.kind === 'user' ? (p: GalleryPhoto) => skip.mutate({ photoId: p.id, value: !(p.isSkipped || p.isSkkipped) }) : undefined;
  const gridRef = useRef<HTMLDivElement>(null);
  // The photo the preview showed last: closing it puts focus back on that photo's card.
  const previewedRef = useRef<number | null>(null);

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
  // The page started with the stored copy of this screen: the app shows once its own first page (or error) is rendered.
  useFirstScreenHandOver(data !== undefined || query.isError);

  // A checkout ends the selection (the photos just paid for are not the next order's).
  useGallerySelectionEnd(useCallback(() => dispatch({ type: 'clearSelection' }), [dispatch]));

  // After a reload, keep only selected photos still on the page; past the last page, go back.
  useEffect(() => {
    dispatch({ type: 'keepSelected', ids: items.map((p) => p.id) });
  }, [items, dispatch]);
  useEffect(() => {
    if (data && data.totalPages > 0 && state.page > data.totalPages) dispatch({ type: 'setPage', page: data.totalPages });
  }, [data, state.page, dispatch]);

  const selectedPhotos = useMemo(() => items.filter((p) => state.selected.includes(p.id)), [items, state.selected]);
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
  // /main/shared and /main/download: one list of their own, without the tabs.
  const view = isGalleryView(state.flag) ? GALLERY_VIEWS[state.flag] : null;
  const hasSelection = selectedPhotos.length > 0;
  // Asked once photos are selected: only the ZIP of a selection offers a choice of size here.
  const allowFullResolution = useAllowFullResolution(hasSelection);
  const allSelected = items.length > 0 && selectedPhotos.length === items.length;

  // The photos last chosen, for the legacy multi-photo routes (/ImageShareMultiple, …). A selection
  // also makes an earlier "select a photo first" toast pointless.
  const selectionKey = selectedPhotos.map((p) => p.id).join(',');
  useEffect(() => {
    if (selectedPhotos.length === 0) return;
    dismissNotice(galleryMessages.zipNeedsSelection);
    dismissNotice(galleryMessages.noImagesToShare);
    rememberChosenPhotos(
      selectedPhotos.map(chosenPhotoOf),
    );
    // selectionKey stands for selectedPhotos (a new array after every reload of the page).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [selectionKey]);

  // Closing the preview (Escape, its close button, or an action that opens another dialog) puts focus
  // on the card of the photo it showed last, which may not be the one it was opened from.
  useEffect(() => {
    if (previewId !== null) {
      previewedRef.current = previewId;
      return;
    }
    const last = previewedRef.current;
    previewedRef.current = null;
    if (last === null) return;
    gridRef.current?.querySelector<HTMLElement>(`[data-photo-id="${last}"] [data-preview-frame]`)?.focus();
  }, [previewId]);

  const header = (
    <PageHeader
      title={view ? view.title : 'Your Photoshoot'}
      description={
        view ? null : viewer.kind === 'visitor' ? (
          'You are viewing a shared session. Log in to mark favorites.'
        ) : (
          // Not on phones, where it cost the photos a line.
          <span className={classes.wideOnly}>Browse, favorite and download your headshots.</span>
        )
      }
      aside={
        data && view ? (
          <Badge size="lg" variant="light" radius="xl">
            {data.totalCount} {data.totalCount === 1 ? 'photo' : 'photos'}
          </Badge>
        ) : data ? (
          // The Photos tab's count (skipped photos are not in it), and the skipped ones beside it.
          <Badge size="lg" variant="light" radius="xl">
            {data.overallAllCount} {data.overallAllCount === 1 ? 'photo' : 'photos'}
            {data.totalSkipCount > 0 ? ` · ${data.totalSkipCount} skipped` : ''}
          </Badge>
        ) : query.isError ? null : (
          <Skeleton h={28} w={96} radius="xl" />
        )
      }
    />
  );

  if (viewer.kind === 'none') return header;

  // The gallery lifecycle: every session of the customer (or the visitor's one) is archived.
  if (isApiError(query.error) && query.error.status === 410) {
    return (
      <>
        {header}
        <ArchivedGallery message={query.error.message} helpHref={helpHref} />
      </>
    );
  }

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

  const clearSearch = () => {
    setSearchDraft('');
    dispatch({ type: 'applySearch', search: '' });
  };
  const searchPending = searchDraft.trim() !== state.search;

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
          <Text fw={600}>{state.search ? NO_RESULTS : view ? view.empty : messages.noPhotosForFilter}</Text>
          {state.search ? (
            <Button variant="subtle" size="xs" onClick={clearSearch}>
              Clear search
            </Button>
          ) : null}
        </Stack>
      </Paper>
    );
  } else {
    content = (
      <div className={classes.grid} ref={gridRef} aria-busy={query.isFetching || undefined}>
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
            onToggleSkip={toggleSkip}
            onEdit={onEditPhoto}
          />
        ))}
      </div>
    );
  }

  const panel = (
    <>
      <div className={classes.toolbar}>
        <TextInput
          className={classes.search}
          aria-label="Search photos"
          placeholder="Search by name"
          leftSection={<IconSearch size={16} aria-hidden />}
          rightSection={
            searchPending && searchDraft.trim() ? (
              // Enter searches; this is the same for touch (and says so to the mouse).
              <ActionIcon variant="subtle" size="sm" aria-label="Search" title="Search (Enter)" onClick={() => dispatch({ type: 'applySearch', search: searchDraft })}>
                <IconCornerDownLeft size={16} aria-hidden />
              </ActionIcon>
            ) : searchDraft || state.search ? (
              <CloseButton size="sm" aria-label="Clear search" onClick={clearSearch} />
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
          enterKeyHint="search"
        />
        <Checkbox
          className={classes.selectAll}
          label="Select all"
          aria-label="Select all photos on this page"
          checked={allSelected}
          indeterminate={hasSelection && !allSelected}
          disabled={items.length === 0}
          onChange={() => dispatch({ type: 'setAllSelected', ids: items.map((p) => p.id), selected: !allSelected })}
        />
        <Group gap={8} wrap="nowrap">
          <Text component="label" htmlFor="gallery-page-size" size="sm" fw={500} className={`${classes.perPageLabel} ${classes.hiddenOnPhone}`}>
            Per page
          </Text>
          <NativeSelect
            id="gallery-page-size"
            data={GALLERY_PAGE_SIZES.map(String)}
            value={String(state.pageSize)}
            onChange={(event) => dispatch({ type: 'setPageSize', pageSize: Number(event.currentTarget.value) })}
            size="sm"
            w={68}
          />
        </Group>
      </div>
      <div style={{ marginTop: 16 }}>{content}</div>
      {data ? <GalleryPagination page={state.page} totalPages={data.totalPages} onChange={(page) => dispatch({ type: 'setPage', page })} /> : null}
      {hasSelection ? (
        // Only while photos are selected: pinned to the bottom of the screen (above the
        // phone's menu), after the grid so that nothing moves when it comes.
        <div className={classes.selectionBar} role="group" aria-label="Selection" data-selection-bar>
          <Group gap={2} wrap="nowrap" className={classes.selectionCount}>
            <CloseButton size="md" aria-label="Clear selection" onClick={() => dispatch({ type: 'clearSelection' })} />
            <Text size="sm" fw={600} aria-live="polite" style={{ whiteSpace: 'nowrap' }}>
              {selectedPhotos.length}
              <span className={classes.hiddenOnPhone}> selected</span>
            </Text>
          </Group>
          <div className={classes.selectionActions}>
            {selectionActions?.(selectedPhotos)}
            <Button leftSection={<IconDownload size={18} aria-hidden />} loading={zip.isPending} onClick={() => zip.mutate({ photos: selectedPhotos })}>
              Download
            </Button>
            {allowFullResolution ? (
              <Suspense fallback={null}>
                <ZipDownloadMenu
                  className={classes.moreDownloadSizes}
                  disabled={zip.isPending}
                  onDownload={(resolution) => zip.mutate({ photos: selectedPhotos, resolution })}
                />
              </Suspense>
            ) : null}
            <Button variant="default" leftSection={<IconShare size={18} aria-hidden />} onClick={() => setShareOpened(true)}>
              Share
            </Button>
          </div>
        </div>
      ) : null}
    </>
  );

  return (
    <>
      {header}
      {view ? (
        <section aria-label={view.title}>{panel}</section>
      ) : (
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
              {tab.flag === state.flag ? panel : null}
            </Tabs.Panel>
          ))}
        </Tabs>
      )}

      {previewLoaded ? (
        <Suspense fallback={null}>
          <PreviewModal
            photo={previewPhoto}
            flag={state.flag}
            onClose={() => setPreviewId(null)}
            onPrevious={previousPhoto ? () => setPreviewId(previousPhoto.id) : undefined}
            onNext={nextPhoto ? () => setPreviewId(nextPhoto.id) : undefined}
            onMarkFavourite={(p) => favourite.mutate(p)}
            onToggleSkip={toggleSkip}
            onEdit={
              onEditPhoto
                ? (p) => {
                    // The preview closes first, so the editor is the only dialog open.
                    setPreviewId(null);
                    onEditPhoto(p);
                  }
                : undefined
            }
            onRevertEdit={(p) => revert.mutate(p.id)}
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

function ArchivedGallery({ message, helpHref }: { message: string; helpHref: string }) {
  return (
    <Paper withBorder p={{ base: 'lg', sm: 48 }} radius="lg">
      <Stack align="center" gap="sm" ta="center">
        <ThemeIcon size={84} radius={999} variant="light" color="gray" aria-hidden>
          <IconArchive size={44} stroke={1.4} />
        </ThemeIcon>
        <Text fw={700} fz="xl" mt="xs" role="status">
          {message}
        </Text>
        <Button component={Link} to={helpHref} variant="light" mt="sm">
          Visit Help &amp; FAQs
        </Button>
      </Stack>
    </Paper>
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
