import { type Ref, useState } from 'react';
import { Button, Group, NumberInput, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  APPOINTMENT_TYPE_LIMITS,
  type AppointmentTypeNumber,
  type StudioAppointmentTypeRequest,
  studioAppointmentTypeRequest,
} from '@studio-gallery/contract';
import { Controller, useForm } from 'react-hook-form';
import { FormErrorAlert } from '../../../components/form-alert';
import { errorMessage } from '../../../lib/api-client';
import { notifySuccess } from '../../../lib/notify';
import { type StudioAppointmentType, useCreateAppointmentType, useUpdateAppointmentType } from '../api/appointment-types';
import { useStudioRole } from '../api/studio-role';

const DEFAULTS: StudioAppointmentTypeRequest = {
  name: '',
  durationMinutes: 20,
  capacity: 1,
  bufferBeforeMinutes: 0,
  bufferAfterMinutes: 0,
  minimumNoticeHours: 12,
  bookingWindowDays: 60,
  changeCutoffHours: 24,
  priceCents: 0,
};

const NUMBER_FIELDS: { name: Exclude<AppointmentTypeNumber, 'priceCents'>; description: string }[] = [
  { name: 'durationMinutes', description: 'How long one appointment takes' },
  { name: 'capacity', description: 'People booked into one time slot' },
  { name: 'bufferBeforeMinutes', description: 'Kept free before each appointment' },
  { name: 'bufferAfterMinutes', description: 'Kept free after each appointment' },
  { name: 'minimumNoticeHours', description: 'Booked at least this long before' },
  { name: 'bookingWindowDays', description: 'How far ahead customers can book' },
  { name: 'changeCutoffHours', description: 'Customers may change until then' },
];

interface PriceInputProps {
  cents: number | undefined;
  onChange: (cents: number | undefined) => void;
  onBlur: () => void;
  name: string;
  inputRef: Ref<HTMLInputElement>;
  disabled: boolean;
  description: string;
  error: string | undefined;
}

/** The price in dollars as typed ("75.", "") while the form keeps whole cents. */
function PriceInput({ cents, onChange, onBlur, name, inputRef, disabled, description, error }: PriceInputProps) {
  const [text, setText] = useState<number | string>(cents === undefined ? '' : cents / 100);
  return (
    <NumberInput
      size="md"
      label="Price"
      description={description}
      prefix="$"
      decimalScale={2}
      min={0}
      disabled={disabled}
      value={text}
      onChange={(value) => {
        setText(value);
        if (typeof value === 'number') onChange(Math.round(value * 100));
        else if (value.trim() === '') onChange(undefined);
      }}
      onBlur={onBlur}
      name={name}
      ref={inputRef}
      error={error}
    />
  );
}

export interface AppointmentTypeFormProps {
  /** Edit this type; without it, create one. */
  type?: StudioAppointmentType;
  onDone?: () => void;
}

/**
 * An appointment type's duration, capacity, buffers, notice, window, cutoff and price: POST
 * /studio/appointment-types, or PUT …/{id}. The price is an admin's: staff see it, but cannot change it.
 */
export function AppointmentTypeForm({ type, onDone }: AppointmentTypeFormProps) {
  const isAdmin = useStudioRole() === 'admin';
  const initial: StudioAppointmentTypeRequest = type ? { ...type } : DEFAULTS;
  const form = useForm<StudioAppointmentTypeRequest>({ resolver: zodResolver(studioAppointmentTypeRequest), defaultValues: initial });
  const create = useCreateAppointmentType();
  const update = useUpdateAppointmentType();
  const [failure, setFailure] = useState<string | null>(null);
  // The price field keeps its own text: a new key starts it afresh after the form is reset.
  const [resets, setResets] = useState(0);
  const { errors } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    // Staff leave the price out: unchanged (the server refuses a staff member's price).
    const { priceCents, ...rest } = values;
    const body = isAdmin ? { ...rest, priceCents } : rest;
    try {
      if (type) {
        const saved = await update.mutateAsync({ id: type.id, values: body });
        notifySuccess(`${saved.name} saved.`);
      } else {
        const saved = await create.mutateAsync(body);
        notifySuccess(`Appointment type ${saved.name} created.`);
        form.reset(DEFAULTS);
        setResets((n) => n + 1);
      }
      onDone?.();
    } catch (error) {
      setFailure(errorMessage(error, 'The appointment type could not be saved. Try again.'));
    }
  });

  return (
    <form noValidate onSubmit={(event) => void submit(event)} aria-label={type ? `Edit ${type.name}` : 'New appointment type'}>
      <Stack gap="sm">
        <FormErrorAlert message={failure} />
        <TextInput label="Name" placeholder="Headshot" autoComplete="off" error={errors.name?.message} {...form.register('name')} />
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
          {NUMBER_FIELDS.map(({ name, description }) => (
            <Controller
              key={name}
              control={form.control}
              name={name}
              render={({ field }) => (
                <NumberInput
                  size="md"
                  label={APPOINTMENT_TYPE_LIMITS[name].label}
                  description={description}
                  min={APPOINTMENT_TYPE_LIMITS[name].min}
                  max={APPOINTMENT_TYPE_LIMITS[name].max}
                  allowDecimal={false}
                  value={Number.isNaN(field.value) ? '' : (field.value ?? '')}
                  onChange={(value) => field.onChange(typeof value === 'number' ? value : Number.NaN)}
                  onBlur={field.onBlur}
                  name={field.name}
                  ref={field.ref}
                  error={errors[name]?.message}
                />
              )}
            />
          ))}
          <Controller
            control={form.control}
            name="priceCents"
            render={({ field }) => (
              <PriceInput
                key={resets}
                cents={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                name={field.name}
                inputRef={field.ref}
                disabled={!isAdmin}
                description={isAdmin ? 'Dollars; 0: free' : 'Set by a studio admin'}
                error={errors.priceCents?.message}
              />
            )}
          />
        </SimpleGrid>
        <Group justify="flex-end">
          {onDone && type ? (
            <Button variant="default" onClick={onDone}>
              Cancel
            </Button>
          ) : null}
          <Button type="submit" loading={create.isPending || update.isPending}>
            {type ? 'Save appointment type' : 'Create appointment type'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
