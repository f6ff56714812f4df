import { useState } from 'react';
import { Alert, Anchor, Button, Group, Loader, Radio, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { Link } from 'react-router';
import { type GalleryPhoto, PHOTO_PRESETS, type PhotoPresetId, presetMessages } from '@studio-gallery/contract';
import { ChoiceCard } from '../../../components/choice-card';
import { errorMessage } from '../../../lib/api-client';
import { useApplyPhotoPreset } from '../api/apply-photo-preset';
import { useProcessedSamples } from '../api/get-processed-samples';
import classes from './preset-picker.module.css';

export interface PresetPickerProps {
  photoId: number;
  /** The preset was applied and saved (a toast has said so). */
  onApplied: (photo: GalleryPhoto) => void;
  onCancel: () => void;
}

const isPresetId = (value: string): value is PhotoPresetId => PHOTO_PRESETS.some((preset) => preset.id === value);

/**
 * The legacy preset flow (spec §4 "Legacy preset"): the photo's presets as three cards, each with a
 * sample the server made from the photo; pick one, Apply, and the server saves it at full size as the
 * photo's edited version. Apply looks disabled until a preset is chosen; pressed anyway, it says why.
 */
export function PresetPicker({ photoId, onApplied, onCancel }: PresetPickerProps) {
  const samples = useProcessedSamples(photoId);
  const apply = useApplyPhotoPreset({ onApplied });
  const [chosen, setChosen] = useState<PhotoPresetId | null>(null);
  const [askToChoose, setAskToChoose] = useState(false);

  if (samples.isPending) {
    return (
      <Stack gap="md" aria-busy>
        <Group gap="sm">
          <Loader size="sm" aria-label="Making the presets" />
          <Text c="dimmed">Making the presets from your photo…</Text>
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
          {PHOTO_PRESETS.map((preset) => (
            <Skeleton key={preset.id} radius="lg" className={classes.sample} />
          ))}
        </SimpleGrid>
      </Stack>
    );
  }

  if (samples.isError) {
    return (
      <Alert color="red" icon={<IconAlertCircle size={18} aria-hidden />} title={presetMessages.samplesFailed}>
        <Stack gap="sm" align="flex-start">
          <Text size="sm">{errorMessage(samples.error, 'The server is busy or unreachable.')}</Text>
          <Group gap="sm">
            <Button size="xs" variant="light" color="red" onClick={() => void samples.refetch()}>
              Try again
            </Button>
            <Button size="xs" variant="subtle" onClick={onCancel}>
              Back to gallery
            </Button>
          </Group>
        </Stack>
      </Alert>
    );
  }

  const submit = () => {
    if (chosen === null) {
      setAskToChoose(true);
      return;
    }
    apply.mutate({ imageId: photoId, presetId: chosen });
  };

  return (
    <Stack gap="lg">
      <Radio.Group
        value={chosen}
        onChange={(value) => {
          if (!isPresetId(value)) return;
          setChosen(value);
          setAskToChoose(false);
        }}
        label="Choose a preset"
        description="Each sample was made from your photo. The preset is applied at full resolution and saved as your edited version; the original is kept."
      >
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md" mt="md">
          {samples.data.map((sample) => (
            <ChoiceCard
              key={sample.presetId}
              value={sample.presetId}
              label={sample.name}
              description={sample.description}
              disabled={apply.isPending}
              rowOnPhone
              picture={<img src={sample.sampleImage} alt={`${sample.name} sample`} className={classes.sample} />}
            />
          ))}
        </SimpleGrid>
      </Radio.Group>

      {askToChoose ? (
        <Text c="red" size="sm" role="alert">
          {presetMessages.selectPresetFirst}
        </Text>
      ) : null}
      {apply.isError ? (
        <Alert color="red" icon={<IconAlertCircle size={18} aria-hidden />} role="alert">
          {errorMessage(apply.error, presetMessages.applyFailed)}
        </Alert>
      ) : null}

      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onCancel} disabled={apply.isPending}>
          Cancel
        </Button>
        <Button onClick={submit} loading={apply.isPending} data-disabled={chosen === null || undefined}>
          Apply
        </Button>
      </Group>
      {apply.isPending ? (
        <Text size="sm" c="dimmed" ta="right" aria-live="polite">
          {presetMessages.applying}
        </Text>
      ) : null}
    </Stack>
  );
}

/** What a session-code visitor (or nobody) sees: presets are for the photo's signed-in owner. */
export function PresetsNeedLogin({ loginHref }: { loginHref: string }) {
  return (
    <Stack gap="xs" align="flex-start">
      <Text fw={600}>{presetMessages.presetsNeedLogin}</Text>
      <Anchor component={Link} to={loginHref}>
        Log in
      </Anchor>
    </Stack>
  );
}
