import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders, stubFetch } from '../../../test/render';
import { AddStaffForm } from './add-staff-form';
import { StaffList } from './staff-list';

const member = (id: number, email: string, role: 'staff' | 'admin', activated = true) => ({ id, email, firstName: '', lastName: '', role, activated });

function Screen() {
  return (
    <>
      <AddStaffForm />
      <StaffList currentUserId={1} />
    </>
  );
}

describe('Staff', () => {
  it('lists the staff and posts a new one by email with a role, then reloads the list', async () => {
    stubFetch({ 'GET /studio/staff': { body: { items: [member(1, 'studio@studio-gallery.test', 'admin')] } } });
    const user = userEvent.setup();
    renderWithProviders(<Screen />);
    const table = await screen.findByRole('table', { name: 'Staff' });
    expect(within(table).getByText('studio@studio-gallery.test', { selector: 'td' })).toBeInTheDocument();
    expect(within(table).getByText('(you)')).toBeInTheDocument();
    expect(within(table).getByText('Admin')).toBeInTheDocument();

    // After the post the list holds the new admin, invited.
    const calls = stubFetch({
      'GET /studio/staff': { body: { items: [member(1, 'studio@studio-gallery.test', 'admin'), member(2, 'new@studio.test', 'admin', false)] } },
      'POST /studio/staff': {
        body: { invited: true, user: { id: 2, email: 'new@studio.test', firstName: '', lastName: '', role: 'admin', activated: false } },
      },
    });
    await user.type(screen.getByLabelText('Email'), '  New@Studio.test ');
    await user.click(screen.getByLabelText('Role', { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'Admin' }));
    await user.click(screen.getByRole('button', { name: 'Add staff' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1));
    expect(JSON.parse(String(calls.find((c) => c.method === 'POST')!.init!.body))).toEqual({ email: 'new@studio.test', role: 'admin' });
    expect(await screen.findByText('Invitation sent to new@studio.test (an admin).')).toBeInTheDocument();
    expect(await within(table).findByText('Invited')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveValue('');
  });

  it('checks the email before posting, and shows the server refusal', async () => {
    const calls = stubFetch({ 'POST /studio/staff': { status: 409, body: { message: 'An admin cannot demote themselves.' } } });
    const user = userEvent.setup();
    renderWithProviders(<AddStaffForm />);
    await user.type(screen.getByLabelText('Email'), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Add staff' }));
    expect(await screen.findByText('Enter a valid email')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
    await user.clear(screen.getByLabelText('Email'));
    await user.type(screen.getByLabelText('Email'), 'me@studio.test');
    await user.click(screen.getByRole('button', { name: 'Add staff' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('An admin cannot demote themselves.');
    expect(JSON.parse(String(calls[0]!.init!.body))).toEqual({ email: 'me@studio.test', role: 'staff' });
  });
});
