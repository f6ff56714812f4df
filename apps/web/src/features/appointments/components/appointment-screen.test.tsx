import { appointmentMessages } from '@studio-gallery/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders, stubFetch } from '../../../test/render';
import { AppointmentScreen } from './appointment-screen';

const now = new Date('2026-03-05T15:00:00Z');
const zone = 'America/Chicago';

const invite = {
  name: 'Dana Demo',
  appointmentId: null as number | null,
  appointmentTypeId: 3,
  cancelled: false,
  appointmentScheduledOn: null as string | null,
  appointmentTypeName: 'Headshot',
  durationMinutes: 20,
  timeZone: zone,
  lastBookableDate: '2026-04-30',
  expired: false,
  firstName: 'Dana',
  lastName: 'Demo',
  email: 'dana@example.com',
  calendarId: null as number | null,
};
const downtown = { id: 1, name: 'Booth A', location: 'Downtown studio, 1 Main St' };
const uptown = { id: 2, name: 'Room 2', location: 'Uptown studio, 9 Oak Ave' };
const slots = [
  { time: '2026-03-09T09:00:00-05:00', label: '9:00 AM', remaining: 1 },
  { time: '2026-03-09T13:20:00-05:00', label: '1:20 PM', remaining: 1 },
  { time: '2026-03-09T17:40:00-05:00', label: '5:40 PM', remaining: 2 },
];
const days = { month: '2026-03', timeZone: zone, days: ['2026-03-09', '2026-03-10'] };

type Answers = Parameters<typeof stubFetch>[0];

function answers(overrides: Answers = {}): Answers {
  return {
    'GET /ex/invites/schedule/inv-1': { body: invite },
    'GET /invites/GetCalendarsByUser': { body: [downtown] },
    'POST /ex/invites/GetAvailableDays': { body: days },
    'POST /ex/invites/GetAvailableTimes': { body: slots },
    ...overrides,
  };
}

function bodyOf(call: { init?: RequestInit } | undefined): unknown {
  return JSON.parse(String(call?.init?.body));
}

function renderScreen(inviteId: string | null = 'inv-1', manageToken: string | null = null) {
  return renderWithProviders(<AppointmentScreen inviteId={inviteId} manageToken={manageToken} now={now} />);
}

async function pickDay(user: ReturnType<typeof userEvent.setup>, name = '9 March 2026') {
  const day = await screen.findByLabelText(name);
  await waitFor(() => expect(day).not.toHaveAttribute('data-disabled'));
  await user.click(day);
}

// The date picker renders six weeks of buttons: role queries over it take seconds on a loaded machine.
describe('/appointment screen', { timeout: 20_000 }, () => {
  it('says there is no invite without an id, asking nothing', () => {
    const calls = stubFetch({});
    renderScreen(null);
    expect(screen.getByRole('heading', { name: appointmentMessages.noInvite })).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('says there is no invite when the server answers 204', async () => {
    stubFetch(answers({ 'GET /ex/invites/schedule/inv-1': { status: 204 } }));
    renderScreen();
    expect(await screen.findByRole('heading', { name: appointmentMessages.noInvite })).toBeInTheDocument();
  });

  it('shows a cancelled invitation', async () => {
    stubFetch(answers({ 'GET /ex/invites/schedule/inv-1': { body: { ...invite, cancelled: true } } }));
    renderScreen();
    expect(await screen.findByText(appointmentMessages.inviteCancelled)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Book Now' })).not.toBeInTheDocument();
  });

  it('shows an expired invitation', async () => {
    stubFetch(answers({ 'GET /ex/invites/schedule/inv-1': { body: { ...invite, expired: true } } }));
    renderScreen();
    expect(await screen.findByText(appointmentMessages.inviteExpired)).toBeInTheDocument();
  });

  it('shows an already booked invite: the studio-clock time, the location and Add to calendar', async () => {
    stubFetch(
      answers({
        'GET /ex/invites/schedule/inv-1': {
          body: { ...invite, appointmentId: 7, appointmentScheduledOn: '2026-03-09T14:00:00Z', calendarId: 1 },
        },
      }),
    );
    renderScreen();
    expect(await screen.findByText(appointmentMessages.alreadyBooked)).toBeInTheDocument();
    expect(screen.getByTestId('booked-time')).toHaveTextContent('Monday, March 9, 2026 at 9:00 AM');
    expect(await screen.findByTestId('booked-location')).toHaveTextContent('Booth A, Downtown studio, 1 Main St');
    expect(screen.getByRole('link', { name: 'Add to calendar' })).toHaveAttribute('href', '/api/ex/appointments/calendar/inv-1');
    expect(screen.queryByRole('button', { name: 'Reschedule' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Book Now' })).not.toBeInTheDocument();
  });

  it('chooses the only calendar by itself and greys out days without slots and before today', async () => {
    const calls = stubFetch(answers());
    renderScreen();
    expect(await screen.findByRole('heading', { name: 'Book your Headshot' })).toBeInTheDocument();
    expect(screen.queryByText('Choose a location')).not.toBeInTheDocument();
    const open = await screen.findByLabelText('9 March 2026');
    await waitFor(() => expect(open).not.toHaveAttribute('data-disabled'));
    expect(screen.getByLabelText('11 March 2026')).toHaveAttribute('data-disabled');
    expect(screen.getByLabelText('4 March 2026')).toHaveAttribute('data-disabled');
    const daysCall = calls.find((c) => c.path === '/ex/invites/GetAvailableDays');
    expect(bodyOf(daysCall)).toEqual({ appointmentTypeId: 3, calendarId: 1, month: '2026-03' });
    expect(calls.find((c) => c.path === '/invites/GetCalendarsByUser')?.url).toContain('ActivationKey=inv-1');
  });

  it('asks for a location when there are several, then shows that location’s days', async () => {
    const calls = stubFetch(answers({ 'GET /invites/GetCalendarsByUser': { body: [downtown, uptown] } }));
    const user = userEvent.setup();
    renderScreen();
    expect(await screen.findByText('Choose a location')).toBeInTheDocument();
    expect(screen.getByText('Uptown studio, 9 Oak Ave')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Book Now' })).not.toBeInTheDocument();
    expect(calls.some((c) => c.path === '/ex/invites/GetAvailableDays')).toBe(false);
    await user.click(screen.getByRole('radio', { name: 'Room 2, Uptown studio, 9 Oak Ave' }));
    await pickDay(user);
    expect(bodyOf(calls.find((c) => c.path === '/ex/invites/GetAvailableDays'))).toMatchObject({ calendarId: 2 });
    await waitFor(() => expect(bodyOf(calls.find((c) => c.path === '/ex/invites/GetAvailableTimes'))).toEqual({ appointmentTypeId: 3, appointmentDate: '2026-03-09', calendarId: 2 }));
  });

  it('says so when a date has no times (204)', async () => {
    stubFetch(answers({ 'POST /ex/invites/GetAvailableTimes': { status: 204 } }));
    const user = userEvent.setup();
    renderScreen();
    await pickDay(user);
    expect(await screen.findByText(appointmentMessages.noTimeslot)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Book Now' })).toBeDisabled();
  });

  it('groups the times, names the zone, and keeps Book Now disabled until a time is chosen', async () => {
    stubFetch(answers());
    const user = userEvent.setup();
    renderScreen();
    expect(await screen.findByText('Times are in Central Time (America/Chicago)')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Book Now' })).toBeDisabled();
    await pickDay(user);
    expect(within(await screen.findByRole('group', { name: 'Morning' })).getByRole('button', { name: '9:00 AM' })).toBeInTheDocument();
    expect(within(screen.getByRole('group', { name: 'Afternoon' })).getByRole('button', { name: '1:20 PM' })).toBeInTheDocument();
    expect(within(screen.getByRole('group', { name: 'Evening' })).getByRole('button', { name: '5:40 PM' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Book Now' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: '1:20 PM' }));
    expect(screen.getByRole('button', { name: '1:20 PM' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Book Now' })).toBeEnabled();
  });

  it('books with the invite’s names prefilled and shows the booked state', async () => {
    const calls = stubFetch(
      answers({
        'POST /ex/invites/Appointment': {
          body: { firstName: 'Dana', datetime: slots[0]!.time, appointmentId: 7, calendarId: 1, location: 'Downtown studio, 1 Main St', timeZone: zone, durationMinutes: 20 },
        },
      }),
    );
    const user = userEvent.setup();
    renderScreen();
    await pickDay(user);
    await user.click(await screen.findByRole('button', { name: '9:00 AM' }));
    expect(screen.getByLabelText(/First name/)).toHaveValue('Dana');
    expect(screen.getByLabelText(/Last name/)).toHaveValue('Demo');
    await user.type(screen.getByLabelText('Phone (optional)'), '555-0100');
    await user.type(screen.getByLabelText('Notes (optional)'), 'Glasses');
    await user.click(screen.getByRole('button', { name: 'Book Now' }));
    expect(await screen.findByRole('heading', { name: "You're booked!" })).toBeInTheDocument();
    expect(bodyOf(calls.find((c) => c.method === 'POST' && c.path === '/ex/invites/Appointment'))).toEqual({
      activationKey: 'inv-1',
      datetime: '2026-03-09T09:00:00-05:00',
      appointmentTypeID: 3,
      firstName: 'Dana',
      lastName: 'Demo',
      notes: 'Glasses',
      phone: '555-0100',
      calendarId: 1,
    });
    expect(screen.getByTestId('booked-time')).toHaveTextContent('Monday, March 9, 2026 at 9:00 AM');
    expect(screen.getByTestId('booked-location')).toHaveTextContent('Downtown studio, 1 Main St');
    expect(screen.getByRole('link', { name: 'Add to calendar' })).toHaveAttribute('href', '/api/ex/appointments/calendar/inv-1');
  });

  it('requires the names', async () => {
    const calls = stubFetch(answers());
    const user = userEvent.setup();
    renderScreen();
    await pickDay(user);
    await user.click(await screen.findByRole('button', { name: '9:00 AM' }));
    await user.clear(screen.getByLabelText(/First name/));
    await user.click(screen.getByRole('button', { name: 'Book Now' }));
    expect(await screen.findByText(appointmentMessages.firstNameRequired)).toBeInTheDocument();
    expect(calls.some((c) => c.path === '/ex/invites/Appointment')).toBe(false);
  });

  it('shows the conflict message when the time was just taken and fetches fresh times', async () => {
    const stubbed = answers({ 'POST /ex/invites/Appointment': { status: 409, body: { message: appointmentMessages.slotTaken } } });
    const calls = stubFetch(stubbed);
    const user = userEvent.setup();
    renderScreen();
    await pickDay(user);
    await user.click(await screen.findByRole('button', { name: '9:00 AM' }));
    stubbed['POST /ex/invites/GetAvailableTimes'] = { body: slots.slice(1) };
    const timesCalls = () => calls.filter((c) => c.path === '/ex/invites/GetAvailableTimes').length;
    expect(timesCalls()).toBe(1);
    await user.click(screen.getByRole('button', { name: 'Book Now' }));
    expect(await screen.findByText(appointmentMessages.slotTaken)).toBeInTheDocument();
    await waitFor(() => expect(timesCalls()).toBe(2));
    await waitFor(() => expect(screen.queryByRole('button', { name: '9:00 AM' })).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: '1:20 PM' })).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByRole('button', { name: 'Book Now' })).toBeDisabled();
  });

  describe('from the mail’s manage link', () => {
    const token = 'manage-token-0123456789';
    const managed = {
      firstName: 'Dana',
      datetime: '2026-03-09T09:00:00-05:00',
      appointmentId: 7,
      calendarId: 1,
      location: 'Downtown studio, 1 Main St',
      timeZone: zone,
      durationMinutes: 20,
      status: 'booked',
      appointmentTypeId: 3,
      appointmentTypeName: 'Headshot',
      inviteId: 'inv-1',
      changeableUntil: '2026-03-08T09:00:00-05:00',
    };
    const bookedInvite = { ...invite, appointmentId: 7, appointmentScheduledOn: managed.datetime, calendarId: 1 };

    it('moves the booking to another time', async () => {
      const calls = stubFetch(
        answers({
          'GET /ex/invites/schedule/inv-1': { body: bookedInvite },
          [`GET /ex/appointments/manage/${token}`]: { body: managed },
          [`POST /ex/appointments/manage/${token}/reschedule`]: { body: { ...managed, datetime: '2026-03-10T13:20:00-05:00' } },
          'POST /ex/invites/GetAvailableTimes': { body: [{ time: '2026-03-10T13:20:00-05:00', label: '1:20 PM', remaining: 1 }] },
        }),
      );
      const user = userEvent.setup();
      renderScreen('inv-1', token);
      expect(await screen.findByTestId('booked-time')).toHaveTextContent('Monday, March 9, 2026 at 9:00 AM');
      await user.click(screen.getByRole('button', { name: 'Reschedule' }));
      await pickDay(user, '10 March 2026');
      await user.click(await screen.findByRole('button', { name: '1:20 PM' }));
      await user.click(screen.getByRole('button', { name: 'Move my appointment' }));
      expect(await screen.findByText(appointmentMessages.rescheduled)).toBeInTheDocument();
      expect(bodyOf(calls.find((c) => c.path === `/ex/appointments/manage/${token}/reschedule`))).toEqual({ datetime: '2026-03-10T13:20:00-05:00', calendarId: 1 });
      expect(screen.getByTestId('booked-time')).toHaveTextContent('Tuesday, March 10, 2026 at 1:20 PM');
    });

    it('cancels after a confirmation', async () => {
      const calls = stubFetch(
        answers({
          'GET /ex/invites/schedule/inv-1': { body: bookedInvite },
          [`GET /ex/appointments/manage/${token}`]: { body: managed },
          [`POST /ex/appointments/manage/${token}/cancel`]: { body: { ...managed, status: 'cancelled' } },
        }),
      );
      const user = userEvent.setup();
      renderScreen('inv-1', token);
      await user.click(await screen.findByRole('button', { name: 'Cancel appointment' }));
      expect(screen.getByRole('heading', { name: 'Cancel appointment?' })).toBeInTheDocument();
      expect(calls.some((c) => c.path.endsWith('/cancel'))).toBe(false);
      await user.click(screen.getByRole('button', { name: 'Yes, cancel' }));
      expect(await screen.findByRole('heading', { name: 'Appointment cancelled' })).toBeInTheDocument();
      expect(screen.getByText(appointmentMessages.cancelled)).toBeInTheDocument();
    });

    it('shows the server’s message when it is too late to change', async () => {
      stubFetch(
        answers({
          'GET /ex/invites/schedule/inv-1': { body: bookedInvite },
          [`GET /ex/appointments/manage/${token}`]: { body: managed },
          [`POST /ex/appointments/manage/${token}/cancel`]: { status: 403, body: { message: appointmentMessages.changeTooLate } },
        }),
      );
      const user = userEvent.setup();
      renderScreen('inv-1', token);
      await user.click(await screen.findByRole('button', { name: 'Cancel appointment' }));
      await user.click(screen.getByRole('button', { name: 'Yes, cancel' }));
      expect(await screen.findByText(appointmentMessages.changeTooLate)).toBeInTheDocument();
    });

    it('offers no changes after the cutoff', async () => {
      stubFetch(
        answers({
          'GET /ex/invites/schedule/inv-1': { body: bookedInvite },
          [`GET /ex/appointments/manage/${token}`]: { body: { ...managed, changeableUntil: '2026-03-05T08:00:00-06:00' } },
        }),
      );
      renderScreen('inv-1', token);
      expect(await screen.findByText(appointmentMessages.changeTooLate)).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Reschedule' })).not.toBeInTheDocument();
    });
  });
});
