import { JSON_PATCH_CONTENT_TYPE, messages } from '@studio-gallery/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeJwt, renderWithProviders, stubFetch } from '../../../test/render';
import { ActivateAccount } from './activate-account';
import { ForgotPasswordForm } from './forgot-password-form';
import { SetPasswordForm } from './set-password-form';

describe('ActivateAccount', () => {
  it('requires the terms box, then activates and signs in', async () => {
    const jwt = fakeJwt({ unique_name: '3', email: 'bo@example.com', id_token: 'y', iat: 1, exp: 4_000_000_000 });
    const calls = stubFetch({
      'POST /active-galley-user': {
        body: { success: true, massage: 'ok', message: 'ok', jwt, user: { id: 3, email: 'bo@example.com', login: 'bo@example.com' } },
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<ActivateAccount code="CODE123" />);
    await user.click(screen.getByRole('button', { name: 'Activate' }));
    expect(await screen.findByText(messages.activationTermsRequired)).toBeInTheDocument();
    expect(calls).toHaveLength(0);

    await user.click(screen.getByRole('checkbox', { name: /terms and conditions/ }));
    await user.click(screen.getByRole('button', { name: 'Activate' }));
    expect(await screen.findByRole('heading', { name: 'Thank You!' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go To Gallery' })).toHaveAttribute('href', '/main');
    expect(JSON.parse(String(calls[0]!.init!.body))).toEqual({ activationCode: 'CODE123' });
    expect(localStorage.getItem('token')).toBe(jwt);
    expect(localStorage.getItem('eusid')).toBe('3');
    expect(screen.queryByRole('link', { name: 'Set Your Password' })).not.toBeInTheDocument();
  });

  it('leads an account without a password (invited by the studio) to the set-password screen', async () => {
    const jwt = fakeJwt({ unique_name: '4', email: 'cy@example.com', id_token: 'z', iat: 1, exp: 4_000_000_000 });
    stubFetch({
      'POST /active-galley-user': {
        body: { success: true, massage: 'ok', message: 'ok', jwt, user: { id: 4, email: 'cy@example.com', login: 'cy@example.com' }, setPasswordKey: 'KEY/1' },
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<ActivateAccount code="INVITED" />);
    await user.click(screen.getByRole('checkbox', { name: /terms and conditions/ }));
    await user.click(screen.getByRole('button', { name: 'Activate' }));
    expect(await screen.findByRole('link', { name: 'Set Your Password' })).toHaveAttribute('href', '/reset/finish?key=KEY%2F1');
    expect(screen.getByRole('link', { name: 'Go To Gallery' })).toHaveAttribute('href', '/main');
  });

  it('says "Failed to activate your account!" when the code is refused', async () => {
    stubFetch({ 'POST /active-galley-user': { status: 400, body: { message: messages.activationFailed } } });
    const user = userEvent.setup();
    renderWithProviders(<ActivateAccount code="USED" />);
    await user.click(screen.getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Activate' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.activationFailed);
  });
});

describe('ForgotPasswordForm', () => {
  it('validates the email, posts it as a JSON string with the json-patch type, then shows Success!', async () => {
    const calls = stubFetch({
      'POST /account/reset-password': { body: { success: true, massage: 'sent', message: 'sent' } },
    });
    const user = userEvent.setup();
    renderWithProviders(<ForgotPasswordForm />);
    await user.type(screen.getByLabelText('Email'), 'ana@example');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText(messages.forgotEmailInvalid)).toBeInTheDocument();

    await user.clear(screen.getByLabelText('Email'));
    await user.type(screen.getByLabelText('Email'), 'ana@example.com');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByRole('heading', { name: 'Success!' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Login Page' })).toHaveAttribute('href', '/login');
    const init = calls[0]!.init!;
    expect(init.body).toBe('"ana@example.com"');
    expect((init.headers as Record<string, string>)['Content-Type']).toBe(JSON_PATCH_CONTENT_TYPE);
  });

  it("shows the server's message for an unknown email", async () => {
    stubFetch({ 'POST /account/reset-password': { status: 400, body: { message: messages.emailNotRegistered } } });
    const user = userEvent.setup();
    renderWithProviders(<ForgotPasswordForm />);
    await user.type(screen.getByLabelText('Email'), 'who@example.com');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.emailNotRegistered);
  });
});

describe('SetPasswordForm', () => {
  it('shows the length and mismatch messages, then saves with the key', async () => {
    const calls = stubFetch({
      'POST /account/reset-password/finish': { body: { success: true, massage: 'ok', message: 'ok' } },
    });
    const user = userEvent.setup();
    renderWithProviders(<SetPasswordForm resetKey="KEY1" signedIn={false} />);
    expect(screen.queryByRole('button', { name: 'Skip' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/login');

    await user.type(screen.getByLabelText('New Password'), 'abc');
    await user.type(screen.getByLabelText('Confirm Password'), 'abd');
    await user.click(screen.getByRole('button', { name: 'Save Password' }));
    expect(await screen.findByText(messages.setPasswordLength)).toBeInTheDocument();
    expect(screen.getByText(messages.setPasswordMismatch)).toBeInTheDocument();

    await user.clear(screen.getByLabelText('New Password'));
    await user.type(screen.getByLabelText('New Password'), 'Secret12');
    await user.clear(screen.getByLabelText('Confirm Password'));
    await user.type(screen.getByLabelText('Confirm Password'), 'Secret12');
    await user.click(screen.getByRole('button', { name: 'Save Password' }));
    expect(await screen.findByRole('heading', { name: 'Thank You!' })).toBeInTheDocument();
    expect(JSON.parse(String(calls[0]!.init!.body))).toEqual({ key: 'KEY1', newPassword: 'Secret12' });
  });

  it('offers Skip only without a key, and the show/hide toggle is a keyboard button', async () => {
    stubFetch({});
    const user = userEvent.setup();
    renderWithProviders(<SetPasswordForm resetKey={null} signedIn={false} />);
    expect(screen.getByRole('button', { name: 'Skip' })).toBeInTheDocument();
    const input = screen.getByLabelText('New Password');
    expect(input).toHaveAttribute('type', 'password');
    const toggles = screen.getAllByRole('button', { name: 'Show password' });
    toggles[0]!.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(input).toHaveAttribute('type', 'text'));
  });
});
