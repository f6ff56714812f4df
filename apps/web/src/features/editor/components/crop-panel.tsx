import { useEffect, useState, type MutableRefObject } from 'react';
import { Alert, Button, Group, List, Loader, SegmentedControl, Slider, Stack, Switch, Text, ThemeIcon } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconPrinter, IconX } from '@tabler/icons-react';
import Cropper, { type Area } from 'react-easy-crop';
import {
  CROP_PRESET_LABELS,
  CROP_PRESET_NAMES,
  DEFAULT_CROP_ZOOM,
  PASSPORT_DOCUMENTS,
  editorMessages,
  type CropPreset,
  type CropRecipe,
  type EditValues,
  type PassportDocument,
} from '@studio-gallery/contract';
import { saveBlobAs } from '../../../lib/file';
import { notifyError } from '../../../lib/notify';
import {
  EASY_CROP_MAX_ZOOM,
  EASY_CROP_MIN_ZOOM,
  cropAspect,
  cropBox,
  cropRecipeFromEasyCrop,
  cropRecipeFromRect,
  rectFromCropRecipe,
  toEasyCropArea,
} from '../lib/crop-geometry';
import type { EditState } from '../lib/edit-history';
import type { DetectedFace } from '../lib/face-detection';
import { faceCentre } from '../lib/face-landmarks';
import type { Size } from '../lib/geometry';
import { checkPassport, framePassport, passportOk, passportSpec } from '../lib/passport';
import { renderPrintSheet } from '../lib/render-edit';
import type { EditRenderer } from '../lib/renderer';
import type { PreviewSnapshot } from './editor-stage';
import type { FaceStatus } from '../hooks/use-face-detection';
import classes from './edit-modal.module.css';

/**
 * The crop a preset starts with: the passport preset frames the head to the document's rules, the
 * others take the preset's box at the current zoom (default 30) centred on the face (spec §9: centre).
 */
export function cropForPreset(image: Size, preset: CropPreset, face: DetectedFace | null, zoom: number, document: PassportDocument | null): CropRecipe {
  if (preset === 'passport' && face && document) {
    const rect = framePassport(face, image, document);
    return cropRecipeFromRect(rect, image, preset, 0);
  }
  const rect = cropBox(image, cropAspect(preset, document), zoom, face ? faceCentre(face) : undefined);
  return cropRecipeFromRect(rect, image, preset, zoom);
}

/** The state when the crop panel opens: the current crop, or the default one (portrait, zoom 30, on the face). */
export function withDefaultCrop(state: EditState, image: Size, face: DetectedFace | null): EditState {
  if (state.crop) return state;
  return { ...state, crop: cropForPreset(image, 'portrait', face, DEFAULT_CROP_ZOOM, null) };
}

function sameCrop(a: CropRecipe, b: CropRecipe): boolean {
  const near = (x: number, y: number) => Math.abs(x - y) < 0.002;
  return a.preset === b.preset && near(a.x, b.x) && near(a.y, b.y) && near(a.width, b.width) && near(a.height, b.height);
}

export interface CropStageProps {
  state: EditState;
  /** What the picture under the crop shows (the passport preset drops the adjustments unless kept). */
  values: EditValues;
  snapshotRef: MutableRefObject<(() => Promise<PreviewSnapshot | null>) | null>;
  onCommit: (state: EditState) => void;
}

/** The crop view: the adjusted preview under react-easy-crop (drag, pinch, wheel, arrow keys). */
export function CropStage({ state, values, snapshotRef, onCommit }: CropStageProps) {
  const [picture, setPicture] = useState<{ url: string; size: Size } | null>(null);
  const [position, setPosition] = useState({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(1);
  const [reported, setReported] = useState<CropRecipe | null>(null);
  const crop = state.crop;
  // A crop set from outside (a preset, the zoom slider, undo) starts the cropper afresh on it; one the
  // cropper reported itself does not.
  const [seen, setSeen] = useState(crop);
  const [epoch, setEpoch] = useState(0);
  if (crop !== seen) {
    setSeen(crop);
    if (crop && !(reported && sameCrop(reported, crop))) setEpoch((n) => n + 1);
  }

  const look = JSON.stringify(values);
  useEffect(() => {
    let url: string | null = null;
    let cancelled = false;
    // After the hidden preview has painted these values.
    void new Promise((resolve) => requestAnimationFrame(resolve)).then(() => snapshotRef.current?.()).then((snapshot) => {
      if (!snapshot || cancelled) return;
      url = URL.createObjectURL(snapshot.blob);
      setPicture({ url, size: { width: snapshot.width, height: snapshot.height } });
    });
    return () => {
      cancelled = true;
      if (url) URL.revokeObjectURL(url);
    };
  }, [snapshotRef, look]);

  if (!picture || !crop) {
    return (
      <div className={classes.stageOverlay}>
        <Loader aria-label="Preparing the crop" />
      </div>
    );
  }

  const document = state.passport?.document ?? null;
  const onComplete = (_area: Area, pixels: Area) => {
    const next = cropRecipeFromEasyCrop(pixels, picture.size, crop.preset, document);
    setReported(next);
    if (!sameCrop(next, crop)) onCommit({ ...state, crop: next });
  };

  return (
    <div className={classes.cropArea} data-testid="crop-stage">
      <Cropper
        key={epoch}
        image={picture.url}
        crop={position}
        zoom={zoom}
        aspect={cropAspect(crop.preset, document)}
        cropShape={crop.preset === 'circle' ? 'round' : 'rect'}
        minZoom={EASY_CROP_MIN_ZOOM}
        maxZoom={EASY_CROP_MAX_ZOOM}
        initialCroppedAreaPixels={toEasyCropArea(rectFromCropRecipe(crop, picture.size))}
        onCropChange={setPosition}
        onZoomChange={setZoom}
        onCropComplete={onComplete}
        objectFit="contain"
        keyboardStep={8}
        showGrid
      />
    </div>
  );
}

export interface CropControlsProps {
  image: Size;
  state: EditState;
  face: DetectedFace | null;
  faceStatus: FaceStatus;
  faceError: string | null;
  rendererRef: MutableRefObject<EditRenderer | null>;
  /** `placedWithoutFace`: the crop was placed before a face was found (the editor moves it onto the face later). */
  onCommit: (state: EditState, placedWithoutFace?: boolean) => void;
}

/** Presets, zoom, and the passport document with its live check. */
export function CropControls({ image, state, face, faceStatus, faceError, rendererRef, onCommit }: CropControlsProps) {
  const crop = state.crop;
  const [printing, setPrinting] = useState(false);
  if (!crop) return null;
  const document = state.passport?.document ?? null;

  const choosePreset = (preset: CropPreset) => {
    const passport = preset === 'passport' ? { document: document ?? 'uk', withAdjustments: false } : null;
    onCommit({ ...state, passport, crop: cropForPreset(image, preset, face, crop.zoom || DEFAULT_CROP_ZOOM, passport?.document ?? null) }, !face);
  };
  const chooseDocument = (next: PassportDocument) => {
    const passport = { document: next, withAdjustments: state.passport?.withAdjustments ?? false };
    onCommit({ ...state, passport, crop: cropForPreset(image, 'passport', face, crop.zoom, next) }, !face);
  };
  const changeZoom = (zoom: number) => {
    const current = rectFromCropRecipe(crop, image);
    const centre = { x: current.x + current.width / 2, y: current.y + current.height / 2 };
    const rect = cropBox(image, cropAspect(crop.preset, document), zoom, centre);
    onCommit({ ...state, crop: cropRecipeFromRect(rect, image, crop.preset, zoom) });
  };
  const downloadSheet = async () => {
    const renderer = rendererRef.current;
    if (!renderer) return;
    setPrinting(true);
    try {
      saveBlobAs(await renderPrintSheet(renderer, image, state), `passport-sheet-${document ?? 'photo'}.jpg`);
    } catch {
      notifyError(editorMessages.processFailed);
    } finally {
      setPrinting(false);
    }
  };

  const checks = crop.preset === 'passport' && face && document ? checkPassport(face, rectFromCropRecipe(crop, image), document, { imageSize: image }) : null;

  return (
    <Stack gap="md">
      <Choice
        id="crop-preset"
        label="Shape"
        value={crop.preset}
        onChange={choosePreset}
        options={CROP_PRESET_NAMES.map((preset) => ({ value: preset, label: CROP_PRESET_LABELS[preset] }))}
      />

      {crop.preset !== 'passport' ? (
        <div>
          <Group justify="space-between" mb={4}>
            <Text size="sm" id="crop-zoom-label">
              Zoom
            </Text>
            <Text size="sm" c="dimmed" ff="monospace" aria-hidden>
              {Math.round(crop.zoom)}
            </Text>
          </Group>
          <Slider aria-labelledby="crop-zoom-label" thumbLabel="Zoom" min={0} max={90} step={1} value={Math.round(crop.zoom)} onChangeEnd={changeZoom} label={null} />
        </div>
      ) : null}

      {faceStatus === 'detecting' ? (
        <Group gap="xs">
          <Loader size="xs" />
          <Text size="sm" c="dimmed">
            Finding your face to frame the crop…
          </Text>
        </Group>
      ) : null}
      {faceStatus === 'failed' && faceError ? (
        <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />}>
          <Text size="sm">{faceError}</Text>
          <Text size="xs" c="dimmed">
            The crop is centred on the photo instead.
          </Text>
        </Alert>
      ) : null}

      {crop.preset === 'passport' ? (
        <Stack gap="sm">
          <Choice
            id="passport-document"
            label="Document"
            value={document ?? 'uk'}
            onChange={chooseDocument}
            options={PASSPORT_DOCUMENTS.map((value) => ({ value, label: passportSpec(value).label }))}
          />
          {checks ? (
            <div role="region" aria-label="Passport check" data-testid="passport-check" data-ok={passportOk(checks)}>
              <Text size="sm" fw={700} c={passportOk(checks) ? 'teal' : 'red'} mb={4}>
                {passportOk(checks) ? 'This photo meets the rules' : 'This photo does not meet the rules yet'}
              </Text>
              <List spacing={4} size="sm" center>
                {checks.map((check) => (
                  <List.Item
                    key={check.rule}
                    data-rule={check.rule}
                    data-ok={check.ok}
                    icon={
                      <ThemeIcon size={18} radius="xl" color={check.ok ? 'teal' : 'red'}>
                        {check.ok ? <IconCheck size={12} aria-hidden /> : <IconX size={12} aria-hidden />}
                      </ThemeIcon>
                    }
                  >
                    {check.message}
                  </List.Item>
                ))}
              </List>
            </div>
          ) : faceStatus !== 'detecting' ? (
            <Text size="sm" c="dimmed">
              The passport check needs a face it can measure.
            </Text>
          ) : null}
          <Alert color="blue" variant="light">
            <Text size="sm">{editorMessages.passportNoRetouch}</Text>
          </Alert>
          <Switch
            label="Keep my light and colour changes"
            checked={state.passport?.withAdjustments ?? false}
            onChange={(event) => onCommit({ ...state, passport: { document: document ?? 'uk', withAdjustments: event.currentTarget.checked } })}
          />
          <Button variant="default" leftSection={<IconPrinter size={16} aria-hidden />} loading={printing} onClick={() => void downloadSheet()}>
            Download 4x6 in print sheet
          </Button>
        </Stack>
      ) : null}

      <Button variant="subtle" color="gray" onClick={() => onCommit({ ...state, crop: null, passport: null })}>
        Remove crop
      </Button>
    </Stack>
  );
}

/** A titled list of options, one chosen (the crop's shape, the passport document). */
function Choice<Value extends string>({ id, label, value, onChange, options }: { id: string; label: string; value: Value; onChange: (value: Value) => void; options: { value: Value; label: string }[] }) {
  return (
    <div>
      <Text size="sm" fw={600} mb={6} id={`${id}-label`}>
        {label}
      </Text>
      <SegmentedControl aria-labelledby={`${id}-label`} fullWidth size="xs" orientation="vertical" value={value} onChange={(next) => onChange(next as Value)} data={options} />
    </div>
  );
}
