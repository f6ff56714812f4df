import { messages } from '@studio-gallery/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders, stubFetch } from '../../../test/render';
import { ProfileForm } from './profile-form';

const user5 = {
  id: 5, userId: 5, login: 'ana@example.com', firstName: 'Ana', lastName: 'Lima',
  email: 'ana@example.com', contactNumber: null, imageUrl: null, activated: true,
};

describe('ProfileForm', () => {
  it('previews a chosen photo and sends it as base64 without the data: prefix', async () => {
    const calls = stubFetch({
      'GET /users/5': { body: user5 },
      'PUT /users/UpdateUserDetailsWithImage': {
        body: { success: true, massage: 'ok', message: 'ok', user: { ...user5, imageUrl: '/api/media/avatars/a.webp' } },
      },
    });
    const user = userEvent.setup();
    const { container } = renderWithProviders(<ProfileForm userId="5" />);
    expect(await screen.findByDisplayValue('Ana')).toBeInTheDocument();

    const input = container.querySelector<HTMLInputElement>('input[type="file"]')!;
    expect(input.accept).toContain('image/png');
    await user.upload(input, new File([new Uint8Array([137, 80, 78, 71])], 'me.png', { type: 'image/png' }));
    expect(await screen.findByRole('button', { name: 'Choose another photo' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText(messages.userDetailsUpdated)).toBeInTheDocument();
    const body = JSON.parse(String(calls.find((c) => c.method === 'PUT')!.init!.body));
    expect(body).toMatchObject({ userId: 5, firstName: 'Ana', lastName: 'Lima', profileImageBase64: 'iVBORw==' });
  });

  it('refuses a file that is not an image, and toasts the failure message', async () => {
    stubFetch({
      'GET /users/5': { body: user5 },
      'PUT /users/UpdateUserDetailsWithImage': { status: 400, body: { message: messages.profileImageInvalid } },
    });
    const user = userEvent.setup({ applyAccept: false });
    const { container } = renderWithProviders(<ProfileForm userId="5" />);
    await screen.findByDisplayValue('Ana');
    const input = container.querySelector<HTMLInputElement>('input[type="file"]')!;
    await user.upload(input, new File(['hello'], 'notes.txt', { type: 'text/plain' }));
    expect(await screen.findByText(messages.profileImageInvalid)).toBeInTheDocument();

    await user.clear(screen.getByLabelText('First Name'));
    await user.type(screen.getByLabelText('First Name'), 'Anna');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(screen.getByText(messages.userDetailsFailed)).toBeInTheDocument());
  });
});
