import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { studioBookingMessages } from '@studio-gallery/contract';
import { describe, expect, it } from 'vitest';
import { renderWithProviders, stubFetch } from '../../../test/render';
import { InviteForm } from './invite-form';

const type = (id: number, name: string, active = true) => ({
  id, name, durationMinutes: 20, capacity: 1, bufferBeforeMinutes: 0, bufferAfterMinutes: 0, minimumNoticeHours: 0, bookingWindowDays: 60, changeCutoffHours: 24, priceCents: 0, active,
});
const options = {
  types: [type(1, 'Headshot'), type(2, 'Retired type', false)],
  calendars: [
    { id: 7, name: 'Downtown', location: 'Madison St', active: true },
    { id: 8, name: 'Northside', location: 'Lincoln Ave', active: true },
  ],
};
const invite = {
  id: 'abc123',
  link: 'http://gallery.test/appointment?id=abc123',
  status: 'open',
  customer: { id: 5, email: 'nora@example.test', name: 'Nora Booker' },
  type: { id: 1, name: 'Headshot' },
  calendars: [{ id: 8, name: 'Northside' }],
  expiresAt: '2026-12-23T12:00:00.000Z',
  createdAt: '2026-12-09T12:00:00.000Z',
};

describe('InviteForm', () => {
  it('asks for an email and a type, sends the invite and shows its link with a copy button', async () => {
    const calls = stubFetch({ 'POST /studio/appointment-invites': { status: 201, body: invite } });
    const user = userEvent.setup();
    renderWithProviders(<InviteForm options={options} />);

    await user.type(screen.getByLabelText('Customer email'), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Send invite' }));
    expect(await screen.findByText('Enter a valid email')).toBeInTheDocument();
    expect(screen.getByText('Choose the appointment type.')).toBeInTheDocument();
    expect(calls).toHaveLength(0);

    await user.clear(screen.getByLabelText('Customer email'));
    await user.type(screen.getByLabelText('Customer email'), 'Nora@Example.test');
    await user.type(screen.getByLabelText('Name (optional)'), 'Nora Booker');
    await user.click(screen.getByLabelText('Appointment type', { selector: 'input' }));
    // Inactive types are not offered.
    expect(screen.queryByRole('option', { name: /Retired type/ })).not.toBeInTheDocument();
    await user.click(await screen.findByRole('option', { name: 'Headshot (20 min)' }));
    await user.click(screen.getByLabelText('Calendars', { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'Northside · Lincoln Ave' }));
    await user.clear(screen.getByLabelText('Link works for'));
    await user.type(screen.getByLabelText('Link works for'), '14');
    await user.click(screen.getByRole('button', { name: 'Send invite' }));

    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1));
    expect(JSON.parse(String(calls[0]!.init!.body))).toEqual({
      email: 'nora@example.test',
      name: 'Nora Booker',
      appointmentTypeId: 1,
      calendarIds: [8],
      expiresInDays: 14,
    });
    const sent = await screen.findByText('Invite mailed to nora@example.test');
    const alert = sent.closest('[role="alert"]') as HTMLElement;
    expect(within(alert).getByText(invite.link)).toBeInTheDocument();
    expect(within(alert).getByRole('button', { name: 'Copy link' })).toBeInTheDocument();
    expect(screen.getByLabelText('Customer email')).toHaveValue('');
  }, 20_000);

  it("shows the server's refusal above the form", async () => {
    stubFetch({ 'POST /studio/appointment-invites': { status: 404, body: { message: studioBookingMessages.typeNotFound } } });
    const user = userEvent.setup();
    renderWithProviders(<InviteForm options={options} />);
    await user.type(screen.getByLabelText('Customer email'), 'nora@example.test');
    await user.click(screen.getByLabelText('Appointment type', { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'Headshot (20 min)' }));
    await user.click(screen.getByRole('button', { name: 'Send invite' }));
    expect(await screen.findByText(studioBookingMessages.typeNotFound)).toBeInTheDocument();
  }, 20_000);
});
