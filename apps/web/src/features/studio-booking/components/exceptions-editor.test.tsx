import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { studioBookingMessages } from '@studio-gallery/contract';
import { describe, expect, it } from 'vitest';
import { renderWithProviders, stubFetch } from '../../../test/render';
import { ExceptionsEditor } from './exceptions-editor';

const calendar = { id: 4, name: 'Booth 1', exceptions: [{ date: '2026-12-24', kind: 'closed' as const, ranges: [] }] };

describe('ExceptionsEditor', () => {
  it('lists the upcoming exceptions, adds an extra opening (hours required) and removes a closed day', async () => {
    const calls = stubFetch({
      'POST /studio/calendars/4/exceptions': { body: { ...calendar, exceptions: [] } },
      'DELETE /studio/calendars/4/exceptions/2026-12-24': { body: { ...calendar, exceptions: [] } },
    });
    const user = userEvent.setup();
    renderWithProviders(<ExceptionsEditor calendar={calendar} />);
    expect(screen.getByText('Thu, 24 Dec 2026')).toBeInTheDocument();
    expect(screen.getByText('Closed all day')).toBeInTheDocument();

    fireEvent.change(screen.getByLabelText('Date'), { target: { value: '2026-12-19' } });
    await user.click(screen.getByText('Open at'));
    await user.click(screen.getByRole('button', { name: 'Remove That day range 1' }));
    await user.click(screen.getByRole('button', { name: 'Add exception' }));
    expect(await screen.findByText(studioBookingMessages.openNeedsHours)).toBeInTheDocument();
    expect(calls).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Add hours on That day' }));
    fireEvent.change(screen.getByLabelText('That day closes (range 1)'), { target: { value: '12:00' } });
    await user.click(screen.getByRole('button', { name: 'Add exception' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1));
    expect(JSON.parse(String(calls[0]!.init!.body))).toEqual({ date: '2026-12-19', kind: 'open', ranges: [{ from: '09:00', to: '12:00' }] });
    expect(await screen.findByText('Sat, 19 Dec 2026: open 09:00–12:00.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Remove the exception of Thu, 24 Dec 2026' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(1));
    expect(await screen.findByText('Thu, 24 Dec 2026 follows the weekly hours again.')).toBeInTheDocument();
  }, 20_000);

  it('refuses a missing date', async () => {
    const calls = stubFetch({});
    const user = userEvent.setup();
    renderWithProviders(<ExceptionsEditor calendar={{ ...calendar, exceptions: [] }} />);
    expect(screen.getByText('No upcoming exceptions.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add exception' }));
    expect(await screen.findByText(studioBookingMessages.dateInvalid)).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });
});
