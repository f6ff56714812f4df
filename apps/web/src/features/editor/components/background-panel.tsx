import { useState } from 'react';
import { Alert, Button, FileButton, Group, Loader, SimpleGrid, Slider, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { IconPhotoUp, IconRefresh } from '@tabler/icons-react';
import {
  DEFAULT_BACKGROUND_COLOUR,
  DEFAULT_BACKGROUND_OPACITY,
  HEX_COLOUR,
  RESET_BACKGROUND_COLOUR,
  editorMessages,
  type BackgroundChoice,
} from '@studio-gallery/contract';
import { useBackgroundImages } from '../api/background-images';
import type { CutoutStatus } from '../hooks/use-base-image';
import classes from './background-panel.module.css';

export interface BackgroundPanelProps {
  /** The corporate client whose backdrops are offered (the host's studio); null: colours and uploads only. */
  clientId: number | null;
  /** The background of the edit as applied (the panel starts from it). */
  applied: BackgroundChoice | null;
  cutoutStatus: CutoutStatus;
  onRetryCutout: () => void;
  /** Shows a choice on the stage without applying it (null: the applied one). */
  onPreview: (choice: BackgroundChoice | null) => void;
  /** Applies a choice; rejects when its picture cannot be made. */
  onApply: (choice: BackgroundChoice) => Promise<void>;
  onRemove: () => void;
  /** Keeps the customer's own picture for this editing session. */
  onUpload: (name: string, picture: ImageBitmap) => void;
  /** Why the panel is off (the passport preset), or null. */
  disabledReason: string | null;
  /** A failure of the picture on the stage (the composite), shown inline. */
  error: string | null;
  /** The reopened edit had the customer's own picture, which is not kept. */
  uploadMissing: boolean;
}

const SWATCHES = [DEFAULT_BACKGROUND_COLOUR, '#FFFFFF', '#DDE3EA', '#2F3B4C', RESET_BACKGROUND_COLOUR] as const;

function sameChoice(a: BackgroundChoice | null, b: BackgroundChoice | null): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** The background panel (spec §2, §4 "Background flow", §5, §9): a studio backdrop, the customer's own picture or a colour behind the person. */
export function BackgroundPanel({
  clientId,
  applied,
  cutoutStatus,
  onRetryCutout,
  onPreview,
  onApply,
  onRemove,
  onUpload,
  disabledReason,
  error,
  uploadMissing,
}: BackgroundPanelProps) {
  const backdrops = useBackgroundImages(clientId);
  const [selection, setSelection] = useState<BackgroundChoice | null>(applied);
  const [colour, setColour] = useState(applied?.kind === 'colour' ? applied.colour : DEFAULT_BACKGROUND_COLOUR);
  const [colourText, setColourText] = useState(colour);
  const [opacity, setOpacity] = useState(applied?.opacity ?? DEFAULT_BACKGROUND_OPACITY);
  const [upload, setUpload] = useState<string | null>(applied?.kind === 'upload' && !uploadMissing ? applied.name : null);
  const [message, setMessage] = useState<string | null>(null);
  const [applying, setApplying] = useState(false);
  const disabled = disabledReason !== null;

  const choose = (choice: BackgroundChoice) => {
    setMessage(null);
    setSelection(choice);
    onPreview(choice);
  };
  const chooseColour = (value: string) => {
    setColour(value);
    setColourText(value);
    choose({ kind: 'colour', colour: value, opacity });
  };

  const readUpload = async (file: File | null) => {
    if (!file) return;
    // Spec §5: an image MIME type only; then judged by content (a decoder that fails is not a picture).
    if (!file.type.startsWith('image/')) {
      setMessage(editorMessages.backgroundNotImage);
      return;
    }
    let picture: ImageBitmap;
    try {
      picture = await createImageBitmap(file, { imageOrientation: 'from-image' });
    } catch {
      setMessage(editorMessages.backgroundNotImage);
      return;
    }
    onUpload(file.name, picture);
    setUpload(file.name);
    choose({ kind: 'upload', name: file.name, opacity });
  };

  const apply = async () => {
    if (!selection) {
      setMessage(editorMessages.selectBackgroundFirst);
      return;
    }
    setApplying(true);
    setMessage(null);
    try {
      await onApply(selection);
    } catch {
      setMessage(editorMessages.applyBackgroundFailed);
    } finally {
      setApplying(false);
    }
  };

  const selected = (choice: BackgroundChoice) => selection !== null && selection.kind === choice.kind && sameChoice({ ...selection, opacity: 0 }, { ...choice, opacity: 0 });

  return (
    <Stack gap="md">
      <Text fw={700}>Replace Background</Text>
      {disabledReason ? (
        <Alert color="yellow" variant="light">
          {disabledReason}
        </Alert>
      ) : null}
      {cutoutStatus === 'running' ? (
        <Group gap="xs" role="status" aria-live="polite">
          <Loader size="sm" />
          <Text size="sm">{editorMessages.removingBackground}</Text>
        </Group>
      ) : null}
      {cutoutStatus === 'failed' ? (
        <Alert color="red" role="alert">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{editorMessages.removeBackgroundFailed}</Text>
            <Button size="xs" variant="light" color="red" leftSection={<IconRefresh size={14} aria-hidden />} onClick={onRetryCutout}>
              Try again
            </Button>
          </Stack>
        </Alert>
      ) : null}
      {uploadMissing ? (
        <Alert color="blue" variant="light">
          {editorMessages.backgroundUploadMissing}
        </Alert>
      ) : null}

      <Stack gap={6}>
        <Text size="sm" fw={600}>
          Studio backgrounds
        </Text>
        {backdrops.isLoading ? <Loader size="sm" aria-label="Loading studio backgrounds" /> : null}
        {backdrops.isError ? (
          <Text size="sm" c="dimmed">
            The studio backgrounds could not be loaded.
          </Text>
        ) : null}
        <SimpleGrid cols={3} spacing={6}>
          {(backdrops.data ?? []).map((backdrop) => {
            const choice: BackgroundChoice = { kind: 'preset', id: backdrop.id, imageUrl: backdrop.imageUrl, opacity };
            return (
              <UnstyledButton
                key={backdrop.id}
                className={classes.backdrop}
                aria-label={backdrop.name}
                aria-pressed={selected(choice)}
                data-selected={selected(choice) || undefined}
                disabled={disabled}
                onClick={() => choose(choice)}
              >
                <img src={backdrop.thumbnail} alt="" loading="lazy" width={80} height={120} />
              </UnstyledButton>
            );
          })}
        </SimpleGrid>
      </Stack>

      <Stack gap={6}>
        <Text size="sm" fw={600}>
          Your own picture
        </Text>
        <Group gap="xs">
          <FileButton onChange={(file) => void readUpload(file)} accept="image/*">
            {(props) => (
              <Button {...props} variant="default" size="xs" leftSection={<IconPhotoUp size={14} aria-hidden />} disabled={disabled}>
                Upload a background
              </Button>
            )}
          </FileButton>
          {upload ? (
            <UnstyledButton
              className={classes.chip}
              aria-pressed={selected({ kind: 'upload', name: upload, opacity })}
              data-selected={selected({ kind: 'upload', name: upload, opacity }) || undefined}
              disabled={disabled}
              onClick={() => choose({ kind: 'upload', name: upload, opacity })}
            >
              <Text size="xs" truncate maw={140}>
                {upload}
              </Text>
            </UnstyledButton>
          ) : null}
        </Group>
      </Stack>

      <Stack gap={6}>
        <Text size="sm" fw={600}>
          Solid colour
        </Text>
        <Group gap={6}>
          {SWATCHES.map((swatch) => (
            <UnstyledButton
              key={swatch}
              className={classes.swatch}
              style={{ background: swatch }}
              aria-label={`Colour ${swatch}`}
              aria-pressed={selected({ kind: 'colour', colour: swatch, opacity })}
              data-selected={selected({ kind: 'colour', colour: swatch, opacity }) || undefined}
              disabled={disabled}
              onClick={() => chooseColour(swatch)}
            />
          ))}
          <input
            type="color"
            className={classes.picker}
            aria-label="Pick a colour"
            value={colour.toLowerCase()}
            disabled={disabled}
            onChange={(event) => chooseColour(event.currentTarget.value.toUpperCase())}
          />
        </Group>
        <Group gap="xs" align="flex-end" wrap="nowrap">
          <TextInput
            label="Hex colour"
            size="xs"
            value={colourText}
            disabled={disabled}
            maxLength={7}
            onChange={(event) => {
              const value = event.currentTarget.value;
              setColourText(value);
              // Spec §5: applied only when # plus six hex digits.
              if (HEX_COLOUR.test(value)) chooseColour(value.toUpperCase());
            }}
            error={colourText !== '' && !HEX_COLOUR.test(colourText) ? 'Use # and six hex digits' : undefined}
            style={{ flex: 1 }}
          />
          <Button size="xs" variant="subtle" disabled={disabled} onClick={() => chooseColour(RESET_BACKGROUND_COLOUR)}>
            Reset colour
          </Button>
        </Group>
      </Stack>

      <Stack gap={4}>
        <Text size="sm" fw={600} id="background-opacity-label">
          Opacity {opacity}%
        </Text>
        <Slider
          aria-labelledby="background-opacity-label"
          thumbLabel="Background opacity"
          min={0}
          max={100}
          value={opacity}
          disabled={disabled}
          onChange={setOpacity}
          onChangeEnd={(value) => {
            if (selection) choose({ ...selection, opacity: value });
          }}
        />
      </Stack>

      {message || error ? (
        <Text size="sm" c="red" role="alert">
          {message ?? error}
        </Text>
      ) : null}

      <Group gap="xs">
        <Button onClick={() => void apply()} loading={applying} disabled={disabled || (selection !== null && sameChoice(selection, applied))}>
          Apply
        </Button>
        {applied ? (
          <Button
            variant="default"
            disabled={disabled}
            onClick={() => {
              setSelection(null);
              onRemove();
            }}
          >
            Original background
          </Button>
        ) : null}
      </Group>
    </Stack>
  );
}
