import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, SimpleGrid, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { appointmentMessages, bookAppointmentRequest } from '@studio-gallery/contract';
import { z } from 'zod';
import { errorMessage, isApiError } from '../../../lib/api-client';
import { useBookAppointment, type BookedAppointment } from '../api/book-appointment';
import type { Calendar } from '../api/get-calendars';
import type { InviteSchedule } from '../api/get-invite-schedule';
import type { TimeSlot } from '../api/get-available-times';
import { LocationPicker } from './location-picker';
import { SchedulePicker } from './schedule-picker';
import classes from './appointment.module.css';

const detailsSchema = z.object({
  firstName: bookAppointmentRequest.shape.firstName,
  lastName: bookAppointmentRequest.shape.lastName,
  phone: z.string().trim().max(40),
  notes: z.string().max(2000),
});
type Details = z.infer<typeof detailsSchema>;

/** The failure of a booking or a move: 409 (taken) and 403 (too late) carry the server's message. */
export function conflictMessage(error: unknown): string {
  if (isApiError(error) && error.status === 409) return error.message || appointmentMessages.slotTaken;
  return errorMessage(error, 'Something went wrong. Please try again.');
}

export interface BookingFlowProps {
  inviteId: string;
  invite: InviteSchedule;
  calendars: Calendar[];
  onBooked: (booked: BookedAppointment) => void;
  now?: Date;
}

/** Pick location (when several) → date → time → name → Book Now. */
export function BookingFlow({ inviteId, invite, calendars, onBooked, now }: BookingFlowProps) {
  const [chosenCalendar, setChosenCalendar] = useState<number | null>(null);
  const calendarId = calendars.length === 1 ? calendars[0]!.id : chosenCalendar;
  const [date, setDate] = useState<string | null>(null);
  const [slot, setSlot] = useState<TimeSlot | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const book = useBookAppointment();
  const form = useForm<Details>({
    resolver: zodResolver(detailsSchema),
    mode: 'onTouched',
    defaultValues: { firstName: invite.firstName, lastName: invite.lastName, phone: '', notes: '' },
  });
  const { errors } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    if (!slot || calendarId === null) return;
    setProblem(null);
    try {
      const booked = await book.mutateAsync({
        activationKey: inviteId,
        datetime: slot.time,
        appointmentTypeID: invite.appointmentTypeId,
        firstName: values.firstName,
        lastName: values.lastName,
        notes: values.notes,
        phone: values.phone,
        calendarId,
      });
      onBooked(booked);
    } catch (error) {
      setProblem(conflictMessage(error));
      // The slot list refetches (the mutation invalidates it): choose again from fresh times.
      if (isApiError(error) && error.status === 409) setSlot(null);
    }
  });

  return (
    <Stack gap="xl">
      <div>
        <Title order={1} fz={28}>
          Book your {invite.appointmentTypeName}
        </Title>
        <Text c="dimmed" mt={6}>
          Hi {invite.name || invite.firstName}, pick a time that suits you ({invite.durationMinutes} minutes).
        </Text>
      </div>
      {calendars.length > 1 ? (
        <LocationPicker
          calendars={calendars}
          value={calendarId}
          onChange={(id) => {
            setChosenCalendar(id);
            setDate(null);
            setSlot(null);
            setProblem(null);
          }}
        />
      ) : null}
      {calendarId !== null ? (
        <form onSubmit={submit} noValidate>
          <Stack gap="xl">
            <SchedulePicker
              key={calendarId}
              appointmentTypeId={invite.appointmentTypeId}
              calendarId={calendarId}
              timeZone={invite.timeZone}
              lastBookableDate={invite.lastBookableDate}
              date={date}
              onDateChange={setDate}
              slot={slot}
              onSlotChange={(s) => {
                setSlot(s);
                if (s) setProblem(null);
              }}
              now={now}
            />
            <Stack gap="sm">
              <Title order={2} fz="lg">
                Your details
              </Title>
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                <TextInput label="First name" autoComplete="given-name" required size="md" error={errors.firstName?.message} {...form.register('firstName')} />
                <TextInput label="Last name" autoComplete="family-name" required size="md" error={errors.lastName?.message} {...form.register('lastName')} />
              </SimpleGrid>
              <TextInput label="Phone (optional)" type="tel" autoComplete="tel" size="md" error={errors.phone?.message} {...form.register('phone')} />
              <Textarea label="Notes (optional)" rows={3} size="md" error={errors.notes?.message} {...form.register('notes')} />
            </Stack>
            {problem ? (
              <Alert color="red" variant="light" role="alert">
                {problem}
              </Alert>
            ) : null}
            <div className={classes.actionBar}>
              <Button type="submit" fullWidth size="lg" className={classes.actionButton} disabled={!slot} loading={book.isPending}>
                Book Now
              </Button>
            </div>
          </Stack>
        </form>
      ) : null}
    </Stack>
  );
}
