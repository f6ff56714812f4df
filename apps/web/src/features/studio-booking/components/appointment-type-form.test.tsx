import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { studioBookingMessages } from '@studio-gallery/contract';
import { describe, expect, it } from 'vitest';
import { fakeJwt, renderWithProviders, stubFetch } from '../../../test/render';
import { AppointmentTypeForm } from './appointment-type-form';

const token = fakeJwt({ unique_name: '9', email: 'staff@studio.test', id_token: 'z', iat: 1, exp: 4_000_000_000 });

function signInAs(role: 'staff' | 'admin') {
  localStorage.setItem('token', token);
  localStorage.setItem('eusid', '9');
  localStorage.setItem('userlogin', 'staff@studio.test');
  return {
    body: { id: 9, userId: 9, login: 'staff@studio.test', firstName: 'Sam', lastName: 'Staff', email: 'staff@studio.test', contactNumber: null, imageUrl: null, activated: true, role },
  };
}

const headshot = {
  id: 3, name: 'Headshot', durationMinutes: 20, capacity: 1, bufferBeforeMinutes: 0, bufferAfterMinutes: 5, minimumNoticeHours: 2, bookingWindowDays: 60, changeCutoffHours: 24, priceCents: 7500, active: true,
};

describe('AppointmentTypeForm', () => {
  it('shows staff the price but leaves it out of what they save (prices are an admin matter)', async () => {
    const calls = stubFetch({ 'GET /account': signInAs('staff'), 'PUT /studio/appointment-types/3': { body: { ...headshot, durationMinutes: 30 } } });
    const user = userEvent.setup();
    renderWithProviders(<AppointmentTypeForm type={headshot} />);
    const price = screen.getByLabelText('Price');
    await waitFor(() => expect(screen.getByText('Set by a studio admin')).toBeInTheDocument());
    expect(price).toBeDisabled();
    expect(price).toHaveValue('$75');

    await user.clear(screen.getByLabelText('Duration (minutes)'));
    await user.click(screen.getByRole('button', { name: 'Save appointment type' }));
    expect(await screen.findByText('Duration (minutes) must be a whole number from 5 to 720.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Duration (minutes)'), '30');
    await user.click(screen.getByRole('button', { name: 'Save appointment type' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1));
    const body = JSON.parse(String(calls.find((c) => c.method === 'PUT')!.init!.body));
    expect(body).toEqual({ name: 'Headshot', durationMinutes: 30, capacity: 1, bufferBeforeMinutes: 0, bufferAfterMinutes: 5, minimumNoticeHours: 2, bookingWindowDays: 60, changeCutoffHours: 24 });
    expect(await screen.findByText('Headshot saved.')).toBeInTheDocument();
  }, 20_000);

  it('lets an admin set the price in dollars, sent in cents; shows a refusal above the form', async () => {
    const calls = stubFetch({
      'GET /account': signInAs('admin'),
      'POST /studio/appointment-types': { status: 409, body: { message: studioBookingMessages.typeNameTaken } },
    });
    const user = userEvent.setup();
    renderWithProviders(<AppointmentTypeForm />);
    await waitFor(() => expect(screen.getByLabelText('Price')).toBeEnabled());
    await user.type(screen.getByLabelText('Name'), 'Team day');
    await user.clear(screen.getByLabelText('Price'));
    await user.type(screen.getByLabelText('Price'), '75.5');
    await user.click(screen.getByRole('button', { name: 'Create appointment type' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1));
    expect(JSON.parse(String(calls.find((c) => c.method === 'POST')!.init!.body))).toMatchObject({ name: 'Team day', durationMinutes: 20, priceCents: 7550 });
    expect(await screen.findByRole('alert')).toHaveTextContent(studioBookingMessages.typeNameTaken);
  }, 20_000);
});
