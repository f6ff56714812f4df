import { ActionIcon, Button, Group, Text, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { clockTimeMinutes, minutesToClockTime, type TimeRange } from '@studio-gallery/contract';
import { type ArrayPath, type Control, type FieldErrors, type FieldValues, type Path, type UseFormRegister, useFieldArray, useWatch } from 'react-hook-form';
import classes from './booking-settings.module.css';

/** The range a new row starts with: 09:00–17:00, or the hour after the last range. */
export function nextRange(ranges: readonly TimeRange[]): TimeRange {
  const last = ranges.at(-1);
  if (!last) return { from: '09:00', to: '17:00' };
  const start = Math.min(clockTimeMinutes(last.to) ?? 0, 1380);
  return { from: minutesToClockTime(start), to: minutesToClockTime(Math.min(start + 60, 1440)) };
}

export interface TimeRangesFieldsProps<T extends FieldValues> {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- whatever the form's context and output
  control: Control<T, any, any>;
  register: UseFormRegister<T>;
  /** Where the ranges are in the form ("days.0.ranges", "ranges"). */
  name: ArrayPath<T>;
  /** What the rows are of, for their labels ("Monday"). */
  label: string;
  /** The form's errors at `name` (an array of the rows' errors). */
  errors: unknown;
  /** Shown instead of rows when there are none. */
  emptyText: string;
}

/** Rows of opening hours ("09:00 to 12:00"), each removable, and a button to add one. */
export function TimeRangesFields<T extends FieldValues>({ control, register, name, label, errors, emptyText }: TimeRangesFieldsProps<T>) {
  const { fields, append, remove } = useFieldArray({ control, name });
  const ranges = fields as unknown as (TimeRange & { id: string })[];
  const current = useWatch({ control, name: name as Path<T> }) as TimeRange[] | undefined;
  return (
    <Group gap="xs" align="flex-start" wrap="wrap" className={classes.ranges}>
      {ranges.length === 0 ? (
        <Text size="sm" c="dimmed" mt={6} miw={60}>
          {emptyText}
        </Text>
      ) : (
        ranges.map((field, index) => {
          const error = (errors as (FieldErrors<TimeRange> | undefined)[] | undefined)?.[index];
          return (
            <Group key={field.id} gap={6} align="flex-start" wrap="nowrap" className={classes.range}>
              <TextInput
                type="time"
                size="sm"
                className={classes.time}
                aria-label={`${label} opens (range ${index + 1})`}
                error={error?.from?.message}
                {...register(`${name}.${index}.from` as Path<T>)}
              />
              <Text size="sm" mt={6}>
                to
              </Text>
              <TextInput
                type="time"
                size="sm"
                className={classes.time}
                aria-label={`${label} closes (range ${index + 1})`}
                error={error?.to?.message}
                {...register(`${name}.${index}.to` as Path<T>)}
              />
              <ActionIcon variant="subtle" color="gray" size="lg" aria-label={`Remove ${label} range ${index + 1}`} onClick={() => remove(index)}>
                <IconTrash size={16} />
              </ActionIcon>
            </Group>
          );
        })
      )}
      <Button
        variant="subtle"
        size="compact-sm"
        mt={4}
        leftSection={<IconPlus size={14} />}
        onClick={() => append(nextRange(current ?? []) as never)}
        aria-label={`Add hours on ${label}`}
      >
        Add hours
      </Button>
    </Group>
  );
}
