import { Group, Slider, Stack, Text, Title } from '@mantine/core';
import { EDIT_GROUP_LABELS, EDIT_SLIDERS, type EditGroup, type EditValueName, type EditValues } from '@studio-gallery/contract';

export interface ToolsPanelProps {
  values: EditValues;
  disabled: boolean;
  /** Every value a drag passes (preview only). */
  onPreview: (name: EditValueName, value: number) => void;
  /** The value a gesture ends on (one undo step). */
  onCommit: (name: EditValueName, value: number) => void;
}

const GROUPS: EditGroup[] = ['light', 'color', 'effects'];

export function formatEditValue(value: number): string {
  const rounded = Math.round(value * 10) / 10;
  if (rounded === 0) return '0';
  return `${rounded > 0 ? '+' : '−'}${Math.abs(rounded).toFixed(1)}`;
}

/** Light, Color and Effects (spec §3, §5): every slider shows its value and works with the keyboard. */
export function ToolsPanel({ values, disabled, onPreview, onCommit }: ToolsPanelProps) {
  return (
    <Stack gap="lg">
      {GROUPS.map((group) => (
        <Stack key={group} gap="xs" component="section" aria-labelledby={`edit-group-${group}`}>
          <Title order={3} size="sm" id={`edit-group-${group}`} tt="uppercase" c="dimmed" fw={700}>
            {EDIT_GROUP_LABELS[group]}
          </Title>
          {EDIT_SLIDERS.filter((slider) => slider.group === group).map((slider) => (
            <div key={slider.name}>
              <Group justify="space-between" gap="xs" mb={4}>
                <Text size="sm" component="label" id={`edit-label-${slider.name}`}>
                  {slider.label}
                </Text>
                <Text size="sm" c="dimmed" ff="monospace" aria-hidden>
                  {formatEditValue(values[slider.name])}
                </Text>
              </Group>
              <Slider
                aria-labelledby={`edit-label-${slider.name}`}
                thumbLabel={slider.label}
                min={slider.min}
                max={slider.max}
                step={slider.step}
                value={values[slider.name]}
                disabled={disabled}
                // The value is shown beside the name; a tooltip over the thumb would cover it and the photo.
                label={null}
                marks={slider.min < 0 ? [{ value: 0 }] : undefined}
                // A two-sided slider shows where it sits, not a bar growing from its far left.
                styles={slider.min < 0 ? { bar: { display: 'none' } } : undefined}
                onChange={(value) => onPreview(slider.name, value)}
                onChangeEnd={(value) => onCommit(slider.name, value)}
                onDoubleClick={() => onCommit(slider.name, 0)}
              />
            </div>
          ))}
        </Stack>
      ))}
    </Stack>
  );
}
