import { messages } from '@studio-gallery/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fakeJwt, renderWithProviders, stubFetch } from '../../../test/render';
import { LoginForm } from './login-form';

const token = fakeJwt({ unique_name: '7', email: 'ana@example.com', id_token: 'x', iat: 1, exp: 4_000_000_000 });

function setup(answers: Parameters<typeof stubFetch>[0] = {}) {
  const calls = stubFetch({ 'GET /auth/config': { body: { googleClientId: null } }, ...answers });
  const onSignedIn = vi.fn();
  renderWithProviders(<LoginForm onSignedIn={onSignedIn} />);
  return { calls, onSignedIn, user: userEvent.setup() };
}

describe('LoginForm', () => {
  it('says "Email is required" and "Password is required" when submitted empty', async () => {
    const { user, calls } = setup();
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText(messages.emailRequired)).toBeInTheDocument();
    expect(screen.getByText(messages.passwordRequired)).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(calls.some((c) => c.path === '/authenticate')).toBe(false);
  });

  it('uses the field wording while typing: invalid email and blank password', async () => {
    const { user } = setup();
    await user.type(screen.getByLabelText('Email'), 'not-an-email');
    await user.click(screen.getByLabelText('Password'));
    expect(await screen.findByText(messages.emailInvalidLogin)).toBeInTheDocument();
    await user.click(screen.getByLabelText('Email'));
    expect(await screen.findByText(messages.passwordBlank)).toBeInTheDocument();
  });

  it('shows no error before the first blur, then follows each change; a submit focuses the first field in error', async () => {
    const { user } = setup();
    const email = screen.getByLabelText('Email');
    await user.type(email, 'ana@');
    expect(screen.queryByText(messages.emailInvalidLogin)).not.toBeInTheDocument();
    await user.tab();
    expect(await screen.findByText(messages.emailInvalidLogin)).toBeInTheDocument();
    await user.type(email, 'example.com');
    await waitFor(() => expect(screen.queryByText(messages.emailInvalidLogin)).not.toBeInTheDocument());
    await user.clear(email);
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText(messages.emailRequired)).toBeInTheDocument();
    expect(email).toHaveFocus();
  });

  it('signs in: posts username/password, stores the session and toasts', async () => {
    const { user, calls, onSignedIn } = setup({
      'POST /authenticate': { body: { id_token: token, token, expiresAt: '2099-01-01T00:00:00Z' } },
    });
    await user.type(screen.getByLabelText('Email'), ' ana@example.com ');
    await user.type(screen.getByLabelText('Password'), 'Secret123');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(onSignedIn).toHaveBeenCalled());
    const call = calls.find((c) => c.path === '/authenticate')!;
    expect(JSON.parse(String(call.init!.body))).toEqual({ username: 'ana@example.com', password: 'Secret123' });
    expect(localStorage.getItem('token')).toBe(token);
    expect(localStorage.getItem('eusid')).toBe('7');
    expect(localStorage.getItem('userlogin')).toBe('ana@example.com');
    expect(await screen.findByText(messages.validCredentials)).toBeInTheDocument();
  });

  it('shows the invalid-credentials message on 401 and the server message on 403', async () => {
    const { user } = setup({ 'POST /authenticate': { status: 401, body: { message: 'nope' } } });
    await user.type(screen.getByLabelText('Email'), 'ana@example.com');
    await user.type(screen.getByLabelText('Password'), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.invalidCredentials);

    stubFetch({ 'POST /authenticate': { status: 403, body: { message: messages.accountNotActivated } } });
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(messages.accountNotActivated));
  });

  it('offers Continue with Google only when the server has a client id', async () => {
    setup({ 'GET /auth/config': { body: { googleClientId: 'client-1.apps.googleusercontent.com' } } });
    expect(await screen.findByRole('button', { name: 'Continue with Google' })).toBeInTheDocument();
  });

  it('has the Forgot Password and Create An Account links', () => {
    setup();
    expect(screen.getByRole('link', { name: 'Forgot Password' })).toHaveAttribute('href', '/forgot-password');
    expect(screen.getByRole('link', { name: 'Create An Account' })).toHaveAttribute('href', '/signup');
    expect(screen.queryByRole('button', { name: 'Continue with Google' })).not.toBeInTheDocument();
  });
});
