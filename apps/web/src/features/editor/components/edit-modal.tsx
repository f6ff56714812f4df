import { useCallback, useEffect, useReducer, useRef, useState, type ReactNode } from 'react';
import { ActionIcon, Alert, Button, Group, Loader, Modal, Stack, Text, Tooltip } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import {
  IconAdjustmentsHorizontal,
  IconArrowBackUp,
  IconArrowForwardUp,
  IconBackground,
  IconChevronLeft,
  IconCrop,
  IconDownload,
  IconEye,
  IconRefresh,
  IconSparkles,
  IconWand,
} from '@tabler/icons-react';
import { Link } from 'react-router';
import { EDITOR_TIMINGS, editorMessages, type BackgroundChoice, type EditRecipe, type EditValueName } from '@studio-gallery/contract';
import { ImageLoadErrorModal } from '../../../components/image-load-error-modal';
import { errorMessage } from '../../../lib/api-client';
import { saveBlobAs } from '../../../lib/file';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { saveEditedImage } from '../api/save-edited-image';
import { useAiRetouch } from '../hooks/use-ai-retouch';
import { useBaseImage } from '../hooks/use-base-image';
import { useEditSource } from '../hooks/use-edit-source';
import { useRetouchComparison } from '../hooks/use-retouch-comparison';
import { useFaceDetection } from '../hooks/use-face-detection';
import { EMPTY_EDIT, editHistoryReducer, fromRecipe, sameEdit, startHistory, toRecipe, type EditState } from '../lib/edit-history';
import { editedFileName, effectiveBaseEdit, effectiveValues, renderEdit } from '../lib/render-edit';
import { createRenderer, type EditRenderer, type SkinGate } from '../lib/renderer';
import { skinGateFor } from '../lib/skin-gate';
import { AiRetouchPanel } from './ai-retouch-panel';
import { BackgroundPanel } from './background-panel';
import { BeforeAfter } from './before-after';
import { CropControls, CropStage, cropForPreset, withDefaultCrop } from './crop-panel';
import { EditorStage, type PreviewSnapshot } from './editor-stage';
import { ToolsPanel } from './tools-panel';
import './editor-mantine.css';
import classes from './edit-modal.module.css';

/** What the editor needs of a gallery photo. */
export interface EditablePhoto {
  id: number;
  name: string;
  /** The unedited version at full resolution (the edit is always made from it). */
  editSourceUrl: string;
  editRecipe: EditRecipe | null;
  isEdited: boolean;
}

export type EditPanel = 'main' | 'tools' | 'crop' | 'replaceBackground' | 'aiRetouching' | 'professionalRetouch';

export interface EditModalProps {
  photo: EditablePhoto | null;
  onClose: () => void;
  /** Signed in: edits are saved into the gallery. Session-code visitors can download an edited copy. */
  canSave: boolean;
  loginHref: string;
  /** After a save or a revert: the gallery refreshes. */
  onSaved: () => void;
  revertEdit: (photoId: number) => Promise<unknown>;
  /** The professional retouch order (spec §2); absent on retouched photos. */
  professionalRetouch?: ReactNode;
  /** The corporate client whose backdrops the background panel offers (the host's studio). */
  backgroundsClientId: number | null;
}

/** The edit modal (spec §2, §4): panels main, tools, crop, replaceBackground, aiRetouching, professionalRetouch. */
export function EditModal({ photo, onClose, ...rest }: EditModalProps) {
  const isPhone = useMediaQuery('(max-width: 47.99em)');
  const closeRef = useRef<() => void>(onClose);
  return (
    <Modal
      opened={photo !== null}
      onClose={() => closeRef.current()}
      title="Edit photo"
      size="min(76rem, 96vw)"
      fullScreen={isPhone}
      centered
      lockScroll
      closeOnEscape
      closeOnClickOutside={false}
      closeButtonProps={{ 'aria-label': 'Close editor' }}
      styles={{ title: { fontWeight: 700 } }}
    >
      {photo ? <EditorBody key={photo.id} photo={photo} onClose={onClose} closeRef={closeRef} {...rest} /> : null}
    </Modal>
  );
}

function EditorBody({
  photo,
  onClose,
  closeRef,
  canSave,
  loginHref,
  onSaved,
  revertEdit,
  professionalRetouch,
  backgroundsClientId,
}: Omit<EditModalProps, 'photo'> & { photo: EditablePhoto; closeRef: { current: () => void } }) {
  const source = useEditSource(photo.editSourceUrl);
  const bitmap = source.bitmap;
  const ready = bitmap !== null;
  // The customer's own background picture is not stored: a reopened edit that had one starts without it.
  const [uploadMissing] = useState(() => photo.editRecipe?.background?.kind === 'upload');
  const [initial] = useState<EditState>(() => {
    const state = fromRecipe(photo.editRecipe);
    return state.background?.kind === 'upload' ? { ...state, background: null } : state;
  });
  const [history, dispatch] = useReducer(editHistoryReducer, initial, startHistory);
  const [panel, setPanel] = useState<EditPanel>('main');
  const [comparing, setComparing] = useState(false);
  const [saving, setSaving] = useState(false);
  const [saveError, setSaveError] = useState<string | null>(null);
  const [visitorLeaving, setVisitorLeaving] = useState(false);
  const [dismissedFailure, setDismissedFailure] = useState(false);
  const rendererRef = useRef<EditRenderer | null>(null);
  const snapshotRef = useRef<(() => Promise<PreviewSnapshot | null>) | null>(null);
  const faces = useFaceDetection(bitmap);
  const live = history.live;
  const changed = !sameEdit(history.present, initial);

  const gate = bitmap ? skinGateFor(faces.face, bitmap) : null;
  const liveBase = effectiveBaseEdit(live);
  const base = useBaseImage({ photo: bitmap, blob: source.blob, edit: liveBase, wantCutout: panel === 'replaceBackground' || liveBase.background !== null });
  const retouch = useAiRetouch();
  const comparison = useRetouchComparison(base.builder, effectiveBaseEdit(history.present), retouch.result);
  const toolsOff = live.passport && !live.passport.withAdjustments ? editorMessages.passportNoRetouch : null;

  const commitValue = (name: EditValueName, value: number) => dispatch({ type: 'commit', state: { ...history.present, values: { ...history.present.values, [name]: value } } });
  const previewValue = (name: EditValueName, value: number) => dispatch({ type: 'preview', state: { ...history.live, values: { ...history.live.values, [name]: value } } });

  const builder = base.builder;
  const stagePicture = base.base;
  const render = useCallback(async () => {
    if (!builder) throw new Error('The photo is not loaded yet');
    const picture = await builder.build(effectiveBaseEdit(history.present));
    const renderer = rendererRef.current;
    if (renderer && picture === stagePicture) return renderEdit(renderer, picture, history.present);
    // The stage shows another picture (a background being tried): export through a renderer of its own.
    return renderWithOwnRenderer(picture, history.present, gate);
  }, [builder, stagePicture, history.present, gate]);

  const save = async () => {
    setSaving(true);
    setSaveError(null);
    const started = performance.now();
    try {
      // Back to no edit at all: the edited version goes instead of saving a copy of the original.
      if (sameEdit(history.present, EMPTY_EDIT) && photo.isEdited) await revertEdit(photo.id);
      else await saveEditedImage({ photoId: photo.id, image: await render(), recipe: toRecipe(history.present) });
      // The saving overlay stays for 2 s (spec §9), then the list refreshes.
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, EDITOR_TIMINGS.savingOverlayMs - (performance.now() - started))));
      onSaved();
      onClose();
    } catch (error) {
      setSaving(false);
      setSaveError(errorMessage(error, editorMessages.processFailed));
    }
  };

  // A crop placed before the face was found (centred on the photo) moves onto the face once it is,
  // unless the customer has moved it since.
  const autoCrop = useRef<EditState['crop']>(null);
  const commitCrop = (state: EditState, placedWithoutFace = false) => {
    autoCrop.current = placedWithoutFace ? state.crop : null;
    dispatch({ type: 'commit', state });
  };
  const presentCrop = history.present.crop;
  useEffect(() => {
    if (!faces.face || !bitmap || !presentCrop || autoCrop.current !== presentCrop) return;
    autoCrop.current = null;
    const document = history.present.passport?.document ?? null;
    dispatch({ type: 'commit', state: { ...history.present, crop: cropForPreset(bitmap, presentCrop.preset, faces.face, presentCrop.zoom, document) } });
  }, [faces.face, bitmap, presentCrop, history.present]);

  const openPanel = (next: EditPanel) => {
    // The crop panel opens on a crop: the current one, or portrait at zoom 30 framed on the face.
    if (next === 'crop' && bitmap && !history.present.crop) commitCrop(withDefaultCrop(history.present, bitmap, faces.face), !faces.face);
    setPanel(next);
  };

  /** Back to the main panel: a background only tried, or a retouch not applied, is dropped. */
  const leavePanel = () => {
    if (panel === 'replaceBackground') dispatch({ type: 'cancelPreview' });
    if (panel === 'aiRetouching') retouch.cancel();
    setPanel('main');
  };

  const applyBackground = async (choice: BackgroundChoice) => {
    if (!builder) throw new Error('The photo is not loaded yet');
    const next = { ...history.present, background: choice };
    await builder.build(effectiveBaseEdit(next));
    dispatch({ type: 'commit', state: next });
  };

  const applyRetouch = () => {
    const result = retouch.result;
    if (!builder || !result) return;
    builder.provideRetouched(result.recipe, result.blob);
    dispatch({ type: 'commit', state: { ...history.present, retouch: result.recipe } });
    retouch.cancel();
  };

  const requestClose = () => {
    if (saving) return;
    if (!changed) onClose();
    else if (!canSave) setVisitorLeaving(true);
    else void save();
  };
  useEffect(() => {
    closeRef.current = requestClose;
  });

  const downloadCopy = async () => {
    try {
      const blob = await render();
      saveBlobAs(blob, editedFileName(photo.name, blob.type));
      notifySuccess('Image downloaded successfully.');
    } catch {
      notifyError(editorMessages.processFailed);
    }
  };

  useEditorKeys({
    enabled: ready && !saving,
    onUndo: () => dispatch({ type: 'undo' }),
    onRedo: () => dispatch({ type: 'redo' }),
    onCompare: setComparing,
  });

  const shownValues = comparing ? null : effectiveValues(live);
  const shownCrop = comparing || panel === 'crop' ? null : live.crop;

  return (
    <Stack gap="sm" pos="relative" data-testid="editor">
      <Group gap={6} className={classes.toolbar} justify="space-between">
        <Group gap={6} wrap="nowrap">
          <Tooltip label="Undo (Ctrl+Z)">
            <ActionIcon variant="default" size="lg" aria-label="Undo" disabled={!ready || history.past.length === 0} onClick={() => dispatch({ type: 'undo' })}>
              <IconArrowBackUp size={18} aria-hidden />
            </ActionIcon>
          </Tooltip>
          <Tooltip label="Redo (Shift+Ctrl+Z)">
            <ActionIcon variant="default" size="lg" aria-label="Redo" disabled={!ready || history.future.length === 0} onClick={() => dispatch({ type: 'redo' })}>
              <IconArrowForwardUp size={18} aria-hidden />
            </ActionIcon>
          </Tooltip>
          <Button variant="default" leftSection={<IconRefresh size={16} aria-hidden />} disabled={!ready || sameEdit(history.present, EMPTY_EDIT)} onClick={() => dispatch({ type: 'reset' })}>
            Reset
          </Button>
          <Tooltip label="Hold to see the original (or hold \)">
            <Button
              variant={comparing ? 'filled' : 'default'}
              leftSection={<IconEye size={16} aria-hidden />}
              disabled={!ready}
              aria-pressed={comparing}
              onPointerDown={() => setComparing(true)}
              onPointerUp={() => setComparing(false)}
              onPointerLeave={() => setComparing(false)}
              onPointerCancel={() => setComparing(false)}
              onKeyDown={(event) => {
                if (event.key === ' ' || event.key === 'Enter') setComparing(true);
              }}
              onKeyUp={() => setComparing(false)}
              onContextMenu={(event) => event.preventDefault()}
            >
              Compare
            </Button>
          </Tooltip>
        </Group>
        {/* Phones have room for the icon only. */}
        <Button variant="light" visibleFrom="sm" leftSection={<IconDownload size={16} aria-hidden />} disabled={!ready} onClick={() => void downloadCopy()}>
          Download copy
        </Button>
        <ActionIcon variant="light" size="lg" hiddenFrom="sm" aria-label="Download copy" disabled={!ready} onClick={() => void downloadCopy()}>
          <IconDownload size={18} aria-hidden />
        </ActionIcon>
      </Group>

      <div className={classes.layout}>
        <div className={classes.stageColumn}>
          {bitmap && panel === 'crop' ? <CropStage state={live} values={effectiveValues(live)} snapshotRef={snapshotRef} onCommit={(state) => dispatch({ type: 'commit', state })} /> : null}
          {panel === 'aiRetouching' && comparison ? (
            <BeforeAfter beforeUrl={comparison.before} afterUrl={comparison.after} label={`${photo.name}, AI retouch`} />
          ) : null}
          {bitmap && stagePicture ? (
            <div style={{ display: panel === 'crop' || (panel === 'aiRetouching' && comparison) ? 'none' : 'contents' }}>
              <EditorStage bitmap={comparing ? bitmap : stagePicture} values={shownValues} crop={shownCrop} skinGate={gate} rendererRef={rendererRef} snapshotRef={snapshotRef} label={comparing ? `${photo.name}, original` : `${photo.name}, edited preview`} />
            </div>
          ) : null}
          {base.building && !comparing ? (
            <Group gap={6} className={classes.updating} role="status" aria-live="polite">
              <Loader size="xs" />
              <Text size="xs" fw={600}>
                Updating the picture…
              </Text>
            </Group>
          ) : null}
          {comparing ? (
            <Text className={classes.comparing} size="xs" fw={700} bg="dark" c="white" px="xs" py={2} style={{ borderRadius: 4 }}>
              Original
            </Text>
          ) : null}
          {!ready ? (
            <div className={classes.stageOverlay}>
              {source.decodeFailed ? <Text c="red">{editorMessages.loadImageDataFailed}</Text> : <Loader aria-label="Loading the photo" />}
            </div>
          ) : null}
        </div>

        <div className={classes.panel}>
          {panel === 'main' ? (
 <MainPanel ready={ready} onOpen={openPanel} hasProfessionalRetouch={professionalRetouch !== undefined} canSave={canSave} loginHref={loginHref} />
          ) : (
            <Stack gap="md">
              <Button variant="subtle" leftSection={<IconChevronLeft size={16} aria-hidden />} onClick={leavePanel} style={{ alignSelf: 'flex-start' }}>
                Back
              </Button>
              {panel === 'tools' ? <ToolsPanel values={live.values} disabled={!ready} onPreview={previewValue} onCommit={commitValue} /> : null}
              {panel === 'crop' && bitmap ? (
                <CropControls image={bitmap} state={live} face={faces.face} faceStatus={faces.status} faceError={faces.error} rendererRef={rendererRef} onCommit={commitCrop} />
              ) : null}
              {panel === 'replaceBackground' ? (
                <BackgroundPanel
                  clientId={backgroundsClientId}
                  applied={history.present.background}
                  cutoutStatus={base.cutout.status}
                  onRetryCutout={base.cutout.retry}
                  onPreview={(choice) => dispatch({ type: 'preview', state: { ...history.present, background: choice ?? history.present.background } })}
                  onApply={applyBackground}
                  onRemove={() => dispatch({ type: 'commit', state: { ...history.present, background: null } })}
                  onUpload={(name, picture) => builder?.provideUpload(name, picture)}
                  disabledReason={toolsOff}
                  error={base.error && base.error.step !== 'cutout' ? base.error.message : null}
                  uploadMissing={uploadMissing}
                />
              ) : null}
              {panel === 'aiRetouching' ? (
                <AiRetouchPanel
                  retouch={retouch}
                  source={source.blob}
                  disabledReason={toolsOff}
                  canUse={canSave}
                  loginHref={loginHref}
                  applied={history.present.retouch !== null}
                  onApply={applyRetouch}
                  onRemove={() => dispatch({ type: 'commit', state: { ...history.present, retouch: null } })}
                />
              ) : null}
              {panel === 'professionalRetouch' ? professionalRetouch : null}
            </Stack>
          )}
        </div>
      </div>

      {saveError ? (
        <Alert color="red" role="alert" withCloseButton onClose={() => setSaveError(null)}>
          {saveError}
        </Alert>
      ) : null}

      {saving ? (
        <div className={classes.stageOverlay} role="status" aria-live="polite" data-testid="saving-overlay">
          <Loader />
          <Text fw={600}>Saving your edit…</Text>
        </div>
      ) : null}

      {visitorLeaving ? (
        <div className={classes.stageOverlay} role="alertdialog" aria-labelledby="visitor-leaving-title">
          <Text id="visitor-leaving-title" fw={700}>
            {editorMessages.saveEditsNeedsLogin}
          </Text>
          <Text size="sm" c="dimmed" ta="center" maw={360}>
            Download an edited copy now, or log in to keep your edit in the gallery.
          </Text>
          <Group justify="center">
            <Button leftSection={<IconDownload size={16} aria-hidden />} onClick={() => void downloadCopy()}>
              Download edited copy
            </Button>
            <Button variant="default" component={Link} to={loginHref}>
              Log in
            </Button>
          </Group>
          <Group justify="center">
            <Button variant="subtle" onClick={() => setVisitorLeaving(false)}>
              Keep editing
            </Button>
            <Button variant="subtle" color="red" onClick={onClose}>
              Discard changes
            </Button>
          </Group>
        </div>
      ) : null}

      <ImageLoadErrorModal
        failure={dismissedFailure ? null : source.failure}
        loginHref={loginHref}
        onRetry={() => {
          setDismissedFailure(false);
          source.retry();
        }}
        onClose={() => {
          setDismissedFailure(true);
          onClose();
        }}
      />
    </Stack>
  );
}

function MainPanel({ ready, onOpen, hasProfessionalRetouch, canSave, loginHref }: { ready: boolean; onOpen: (panel: EditPanel) => void; hasProfessionalRetouch: boolean; canSave: boolean; loginHref: string }) {
  const entry = (panel: EditPanel, label: string, description: string, icon: ReactNode, disabled = false) => (
    <Button key={panel} variant="default" justify="flex-start" fullWidth className={classes.panelButton} leftSection={icon} disabled={!ready || disabled} onClick={() => onOpen(panel)}>
      <span>
        <Text span fw={600} size="sm" display="block">
          {label}
        </Text>
        <Text span size="xs" c="dimmed" display="block">
          {description}
        </Text>
      </span>
    </Button>
  );
  return (
    <Stack gap="xs">
      {entry('tools', 'Light, Color & Effects', 'Exposure, contrast, colour, skin tone and grain', <IconAdjustmentsHorizontal size={20} aria-hidden />)}
      {entry('crop', 'Crop', 'Square, portrait, landscape, circle or passport, framed on your face', <IconCrop size={20} aria-hidden />)}
      {entry('replaceBackground', 'Replace Background', 'A studio backdrop, your own picture or a colour', <IconBackground size={20} aria-hidden />)}
      {entry('aiRetouching', 'AI Retouch', 'A free one-click retouch that evens skin', <IconWand size={20} aria-hidden />)}
      {hasProfessionalRetouch ? entry('professionalRetouch', 'Professional Retouch', 'Hand-finished by the studio’s retoucher', <IconSparkles size={20} aria-hidden />) : null}
      {!canSave ? (
        <Alert color="blue" variant="light" mt="xs">
          <Text size="sm">
            {editorMessages.saveEditsNeedsLogin}.{' '}
            <Link to={loginHref}>Log in</Link>
          </Text>
        </Alert>
      ) : null}
    </Stack>
  );
}

/** Ctrl/Cmd+Z undo, Shift+Ctrl/Cmd+Z (or Ctrl+Y) redo, hold \ to compare. */
function useEditorKeys({ enabled, onUndo, onRedo, onCompare }: { enabled: boolean; onUndo: () => void; onRedo: () => void; onCompare: (on: boolean) => void }) {
  const handlers = useRef({ onUndo, onRedo, onCompare });
  useEffect(() => {
    handlers.current = { onUndo, onRedo, onCompare };
  });
  useEffect(() => {
    if (!enabled) return;
    const typing = (target: EventTarget | null) => target instanceof HTMLElement && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName) && (target as HTMLInputElement).type !== 'range');
    const down = (event: KeyboardEvent) => {
      if (typing(event.target)) return;
      const mod = event.ctrlKey || event.metaKey;
      const key = event.key.toLowerCase();
      if (mod && key === 'z') {
        event.preventDefault();
        if (event.shiftKey) handlers.current.onRedo();
        else handlers.current.onUndo();
      } else if (mod && key === 'y') {
        event.preventDefault();
        handlers.current.onRedo();
      } else if (event.key === '\\' && !event.repeat) {
        handlers.current.onCompare(true);
      }
    };
    const up = (event: KeyboardEvent) => {
      if (event.key === '\\') handlers.current.onCompare(false);
    };
    window.addEventListener('keydown', down);
    window.addEventListener('keyup', up);
    return () => {
      window.removeEventListener('keydown', down);
      window.removeEventListener('keyup', up);
    };
  }, [enabled]);
}

/** The edit rendered by a renderer of its own on a detached canvas (freed afterwards). */
async function renderWithOwnRenderer(picture: ImageBitmap, state: EditState, gate: SkinGate | null): Promise<Blob> {
  const canvas = document.createElement('canvas');
  const renderer = createRenderer(canvas);
  try {
    renderer.setSource(picture);
    renderer.setSkinGate(gate);
    return await renderEdit(renderer, picture, state);
  } finally {
    renderer.dispose();
    (canvas.getContext('webgl2') as WebGL2RenderingContext | null)?.getExtension('WEBGL_lose_context')?.loseContext();
  }
}
