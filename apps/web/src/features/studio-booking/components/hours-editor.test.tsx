import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { studioBookingMessages } from '@studio-gallery/contract';
import { describe, expect, it } from 'vitest';
import { renderWithProviders, stubFetch } from '../../../test/render';
import { HoursEditor } from './hours-editor';

const emptyWeek = [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, ranges: [] as { from: string; to: string }[] }));
const calendar = {
  id: 4,
  name: 'Booth 1',
  timeZone: 'America/Chicago',
  week: emptyWeek.map((day) => (day.weekday === 1 ? { weekday: 1, ranges: [{ from: '09:00', to: '17:00' }] } : day)),
};

/** Time inputs take their value whole (as a browser's time picker sets it). */
function setTime(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

describe('HoursEditor', () => {
  it('shows the week, refuses overlapping and backwards ranges with their messages, then saves the whole week', async () => {
    const saved = { ...calendar, location: 'Floor 1', active: true, exceptions: [], week: emptyWeek };
    const calls = stubFetch({ 'PUT /studio/calendars/4/hours': { body: saved } });
    const user = userEvent.setup();
    renderWithProviders(<HoursEditor calendar={calendar} />);

    expect(screen.getByLabelText('Monday opens (range 1)')).toHaveValue('09:00');
    expect(screen.getByLabelText('Monday closes (range 1)')).toHaveValue('17:00');
    expect(screen.getAllByText('Closed')).toHaveLength(6);
    expect(screen.getByRole('button', { name: 'Save opening hours' })).toBeDisabled();

    // A second Monday range overlapping the first.
    await user.click(screen.getByRole('button', { name: 'Add hours on Monday' }));
    setTime('Monday opens (range 2)', '12:00');
    setTime('Monday closes (range 2)', '13:00');
    // Tuesday backwards.
    await user.click(screen.getByRole('button', { name: 'Add hours on Tuesday' }));
    setTime('Tuesday opens (range 1)', '15:00');
    setTime('Tuesday closes (range 1)', '10:00');
    await user.click(screen.getByRole('button', { name: 'Save opening hours' }));
    expect(await screen.findByText(studioBookingMessages.rangesOverlap)).toBeInTheDocument();
    expect(screen.getByText(studioBookingMessages.rangeBackwards)).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);

    // Fixed: a lunch break on Monday, Tuesday 10–15, Wednesday to Friday copied from Monday.
    setTime('Monday closes (range 1)', '12:00');
    setTime('Monday opens (range 2)', '13:00');
    setTime('Monday closes (range 2)', '17:00');
    setTime('Tuesday opens (range 1)', '10:00');
    setTime('Tuesday closes (range 1)', '15:00');
    await user.click(screen.getByRole('button', { name: 'Copy Monday to Tue–Fri' }));
    expect(screen.getByLabelText('Friday closes (range 2)')).toHaveValue('17:00');
    setTime('Tuesday opens (range 1)', '10:00');
    setTime('Tuesday closes (range 1)', '15:00');
    await user.click(screen.getByRole('button', { name: 'Remove Tuesday range 2' }));
    await user.click(screen.getByRole('button', { name: 'Save opening hours' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1));
    const lunchBreak = [
      { from: '09:00', to: '12:00' },
      { from: '13:00', to: '17:00' },
    ];
    expect(JSON.parse(String(calls.find((c) => c.method === 'PUT')!.init!.body))).toEqual({
      days: [
        { weekday: 1, ranges: lunchBreak },
        { weekday: 2, ranges: [{ from: '10:00', to: '15:00' }] },
        { weekday: 3, ranges: lunchBreak },
        { weekday: 4, ranges: lunchBreak },
        { weekday: 5, ranges: lunchBreak },
        { weekday: 6, ranges: [] },
        { weekday: 7, ranges: [] },
      ],
    });
    expect(await screen.findByText('Opening hours of Booth 1 saved.')).toBeInTheDocument();
  }, 20_000);

  it("shows the server's refusal above the form", async () => {
    stubFetch({ 'PUT /studio/calendars/4/hours': { status: 404, body: { message: studioBookingMessages.calendarNotFound } } });
    const user = userEvent.setup();
    renderWithProviders(<HoursEditor calendar={calendar} />);
    await user.click(screen.getByRole('button', { name: 'Remove Monday range 1' }));
    await user.click(screen.getByRole('button', { name: 'Save opening hours' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(studioBookingMessages.calendarNotFound);
  });
});
