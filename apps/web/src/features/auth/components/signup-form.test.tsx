import { messages } from '@studio-gallery/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders, stubFetch } from '../../../test/render';
import { SignupForm } from './signup-form';

async function fillValid(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('First Name'), 'Ana');
  await user.type(screen.getByLabelText('Last Name'), 'Lima');
  await user.type(screen.getByLabelText('Email'), 'ana@example.com');
  await user.type(screen.getByLabelText('Password'), 'Secret1');
  await user.type(screen.getByLabelText('Confirm Password'), 'Secret1');
}

describe('SignupForm', () => {
  it('validates on blur', async () => {
    stubFetch({});
    const user = userEvent.setup();
    renderWithProviders(<SignupForm />);
    await user.click(screen.getByLabelText('First Name'));
    await user.tab();
    expect(await screen.findByText(messages.firstNameRequired)).toBeInTheDocument();
  });

  it('validates on change: letters only, email, password length, matching confirmation', async () => {
    stubFetch({});
    const user = userEvent.setup();
    renderWithProviders(<SignupForm />);
    await user.type(screen.getByLabelText('First Name'), 'Ana1');
    expect(await screen.findByText(messages.firstNameLetters)).toBeInTheDocument();
    await user.type(screen.getByLabelText('Email'), 'ana@');
    expect(await screen.findByText(messages.emailInvalid)).toBeInTheDocument();
    await user.type(screen.getByLabelText('Password'), 'abc');
    expect(await screen.findByText(messages.passwordMin6)).toBeInTheDocument();
  });

  it('shows "Account Successfully Created!" after signing up', async () => {
    const calls = stubFetch({
      'POST /register-galleryuser': {
        status: 201,
        body: { success: true, massage: messages.accountCreated, message: messages.accountCreated },
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<SignupForm />);
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByRole('heading', { name: messages.accountCreated })).toBeInTheDocument();
    expect(JSON.parse(String(calls.find((c) => c.path === '/register-galleryuser')!.init!.body))).toEqual({
      firstName: 'Ana',
      lastName: 'Lima',
      email: 'ana@example.com',
      password: 'Secret1',
    });
  });

  it("shows the server's message for a duplicate email and 'Signup failed' otherwise", async () => {
    stubFetch({ 'POST /register-galleryuser': { status: 409, body: { message: messages.emailAlreadyRegistered } } });
    const user = userEvent.setup();
    renderWithProviders(<SignupForm />);
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.emailAlreadyRegistered);

    stubFetch({ 'POST /register-galleryuser': { status: 400, body: { message: 'bad' } } });
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(messages.signupFailed));
  });
});
