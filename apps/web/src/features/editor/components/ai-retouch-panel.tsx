import { useId, useState } from 'react';
import { Alert, Button, Group, Progress, SegmentedControl, Stack, Switch, Text } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconInfoCircle, IconWand } from '@tabler/icons-react';
import { Link } from 'react-router';
import { RETOUCH_DEFAULT_CONTROLS, RETOUCH_DEFAULT_STRENGTH, editorMessages, type RetouchControls } from '@studio-gallery/contract';
import type { AiRetouch } from '../hooks/use-ai-retouch';

/** The strengths offered (spec §4 "AI retouch"): Moderate is the contract's default. */
export const AI_RETOUCH_STRENGTHS = [
  { label: 'Light', value: 0.3 },
  { label: 'Moderate', value: RETOUCH_DEFAULT_STRENGTH },
  { label: 'Strong', value: 0.8 },
] as const;

/** The controls offered (issue 22 §2), each on by default (RETOUCH_DEFAULT_CONTROLS). */
export const AI_RETOUCH_CONTROLS: readonly { key: keyof RetouchControls; label: string; description: string }[] = [
  { key: 'removeBlemishes', label: 'Remove blemishes', description: 'Spots and redness' },
  { key: 'keepMoles', label: 'Keep moles', description: 'Moles and beauty marks stay' },
  { key: 'reduceShine', label: 'Reduce shine', description: 'Forehead, nose and cheeks' },
  { key: 'softenUnderEyes', label: 'Soften under-eyes', description: 'Shadows and fine lines' },
  { key: 'evenSkinTone', label: 'Even skin tone', description: 'Blotches and redness' },
];

export interface AiRetouchPanelProps {
  /** useAiRetouch()'s return, owned by the editor (the stage shows BeforeAfter while it is 'done'). */
  retouch: AiRetouch;
  /** The image to retouch; null while it is not ready (the button is then disabled). */
  source: Blob | null;
  /** Why the retouch is unavailable (editorMessages.passportNoRetouch under the passport preset), or null. */
  disabledReason: string | null;
  /** False for session-code visitors (the call answers 403): a login prompt replaces the button. */
  canUse: boolean;
  loginHref: string;
  /** The retouch is part of the current edit. */
  applied: boolean;
  /** Apply the 'done' result (retouch.result) to the edit. */
  onApply: () => void;
  /** Take the applied retouch out of the edit. */
  onRemove: () => void;
}

/** The editor's AI retouch panel (spec §2 aiRetouching, §4 "AI retouch", §8). */
export function AiRetouchPanel({ retouch, source, disabledReason, canUse, loginHref, applied, onApply, onRemove }: AiRetouchPanelProps) {
  const [strength, setStrength] = useState<number>(RETOUCH_DEFAULT_STRENGTH);
  const [controls, setControls] = useState<Required<RetouchControls>>(RETOUCH_DEFAULT_CONTROLS);
  const { state, progress, result, error } = retouch;
  const blocked = disabledReason !== null;
  const strengthLabelId = useId();
  const controlsLabelId = useId();
  const settingsLocked = blocked || state === 'processing' || state === 'done';
  const start = () => source && retouch.start(source, { strength, ...controls });

  const explanation = (
    <Text size="sm">
      A free one-click retouch: it smooths and evens out the skin and removes blemishes, keeping moles unless you say otherwise. For a hand-finished result, the studio’s
      retoucher offers the premium step — see Professional Retouch.
    </Text>
  );

  const blockedNotice = blocked ? (
    <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />}>
      {disabledReason}
    </Alert>
  ) : null;

  if (!canUse) {
    return (
      <Stack gap="md">
        {explanation}
        <Text size="sm" c="dimmed">
          {editorMessages.retouchNeedsLogin}
        </Text>
        <Button variant="default" component={Link} to={loginHref} style={{ alignSelf: 'flex-start' }}>
          Log in
        </Button>
      </Stack>
    );
  }

  if (applied && state !== 'processing' && state !== 'done') {
    return (
      <Stack gap="md">
        {explanation}
        {blockedNotice}
        <Alert color="teal" variant="light" icon={<IconCheck size={18} aria-hidden />}>
          AI retouch applied
        </Alert>
        <Button variant="default" onClick={onRemove} style={{ alignSelf: 'flex-start' }}>
          Remove retouch
        </Button>
      </Stack>
    );
  }

  const noFace = result?.message === editorMessages.retouchNoFace;
  return (
    <Stack gap="md">
      {explanation}
      {blockedNotice}
      <div>
        <Text size="sm" fw={500} mb={4} id={strengthLabelId}>
          Strength
        </Text>
        <SegmentedControl
          fullWidth
          aria-labelledby={strengthLabelId}
          disabled={settingsLocked}
          value={String(strength)}
          onChange={(value) => setStrength(Number(value))}
          data={AI_RETOUCH_STRENGTHS.map((s) => ({ label: s.label, value: String(s.value) }))}
        />
      </div>

      {/* Only while there is a choice to make: disabled switches read as off, and on a phone they pushed Apply below the fold. */}
      {state === 'idle' || state === 'failed' ? (
      <div role="group" aria-labelledby={controlsLabelId}>
        <Text size="sm" fw={500} mb={6} id={controlsLabelId}>
          What to retouch
        </Text>
        <Stack gap={8}>
          {AI_RETOUCH_CONTROLS.map((control) => (
            <Switch
              key={control.key}
              size="sm"
              label={control.label}
              description={control.description}
              checked={controls[control.key]}
              disabled={blocked || (control.key === 'keepMoles' && !controls.removeBlemishes)}
              onChange={(event) => {
                const checked = event.currentTarget.checked;
                setControls((current) => ({ ...current, [control.key]: checked }));
              }}
            />
          ))}
        </Stack>
      </div>
      ) : null}

      {state === 'idle' ? (
        <Button leftSection={<IconWand size={18} aria-hidden />} disabled={blocked || source === null} onClick={start}>
          Retouch my photo
        </Button>
      ) : null}

      {state === 'processing' ? (
        <Stack gap={6}>
          <Group justify="space-between">
            <Text size="sm">Retouching your photo…</Text>
            <Text size="sm" fw={500} aria-hidden>
              {progress}%
            </Text>
          </Group>
          <Progress.Root size="lg">
            <Progress.Section value={progress} animated aria-label="AI retouch progress" />
          </Progress.Root>
          <Button variant="subtle" color="gray" onClick={retouch.cancel} style={{ alignSelf: 'flex-start' }}>
            Cancel
          </Button>
        </Stack>
      ) : null}

      {state === 'done' && result ? (
        <>
          <Progress.Root size="lg">
            <Progress.Section value={100} aria-label="AI retouch progress" />
          </Progress.Root>
          {noFace ? (
            <Alert color="gray" variant="light" icon={<IconInfoCircle size={18} aria-hidden />}>
              {result.message}
            </Alert>
          ) : (
            <Text size="sm" role="status">
              {result.message} Drag the divider to compare.
            </Text>
          )}
          <Group>
            <Button onClick={onApply} disabled={blocked || noFace}>
              Apply
            </Button>
            <Button variant="default" onClick={retouch.cancel}>
              Cancel
            </Button>
          </Group>
        </>
      ) : null}

      {state === 'failed' ? (
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />}>
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{error ?? editorMessages.processFailed}</Text>
            <Button size="xs" variant="light" color="red" disabled={blocked || source === null} onClick={start}>
              Try again
            </Button>
          </Stack>
        </Alert>
      ) : null}
    </Stack>
  );
}
