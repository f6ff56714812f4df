import { appointmentMessages } from '@studio-gallery/contract';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders, stubFetch } from '../../test/render';
import { routes } from '../router';

describe('/appointment route', { timeout: 20_000 }, () => {
  it('without an invite id (no session URL) says there is no invite', async () => {
    const calls = stubFetch({});
    renderWithProviders(<></>, { path: '/appointment', routes });
    expect(await screen.findByRole('heading', { name: appointmentMessages.noInvite })).toBeInTheDocument();
    expect(calls.some((c) => c.path.startsWith('/ex/invites'))).toBe(false);
  });

  it('asks for the invite of ?id and keeps it under the spec’s storage name', async () => {
    const calls = stubFetch({ 'GET /ex/invites/schedule/abc123': { status: 204 } });
    renderWithProviders(<></>, { path: '/appointment?id=abc123', routes });
    expect(await screen.findByRole('heading', { name: appointmentMessages.noInvite })).toBeInTheDocument();
    expect(calls.some((c) => c.path === '/ex/invites/schedule/abc123')).toBe(true);
    expect(localStorage.getItem('appointmentId')).toBe('abc123');
  });
});
