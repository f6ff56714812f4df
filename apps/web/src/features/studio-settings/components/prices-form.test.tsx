import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { studioSettingsMessages } from '@studio-gallery/contract';
import { describe, expect, it } from 'vitest';
import { renderWithProviders, stubFetch } from '../../../test/render';
import { PricesSettings } from './prices-form';

const saved = { touchUpPrice: 10, backgroundPrice: 9, turnaroundHours: 72, taxPercent: 0 };

describe('PricesSettings', () => {
  it('shows the saved prices, refuses bad values with their messages, then saves', async () => {
    const calls = stubFetch({
      'GET /studio/prices': { body: saved },
      'PUT /studio/prices': { body: { touchUpPrice: 12.5, backgroundPrice: 9, turnaroundHours: 48, taxPercent: 8.25 } },
    });
    const user = userEvent.setup();
    renderWithProviders(<PricesSettings />);
    const touchUp = await screen.findByLabelText('Professional touch-up');
    expect(touchUp).toHaveValue('$10');
    expect(screen.getByLabelText('Turnaround')).toHaveValue('72 hours');
    expect(screen.getByText('3-day turnaround (72 hours)')).toBeInTheDocument();

    await user.clear(touchUp);
    await user.clear(screen.getByLabelText('Turnaround'));
    await user.type(screen.getByLabelText('Turnaround'), '0');
    await user.clear(screen.getByLabelText('Sales tax'));
    await user.type(screen.getByLabelText('Sales tax'), '8.125');
    await user.click(screen.getByRole('button', { name: 'Save prices' }));
    expect(await screen.findByText(studioSettingsMessages.priceRequired)).toBeInTheDocument();
    expect(screen.getByText(studioSettingsMessages.turnaroundInvalid)).toBeInTheDocument();
    expect(screen.getByText(studioSettingsMessages.taxInvalid)).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);

    await user.type(touchUp, '12.5');
    await user.clear(screen.getByLabelText('Turnaround'));
    await user.type(screen.getByLabelText('Turnaround'), '48');
    await user.clear(screen.getByLabelText('Sales tax'));
    await user.type(screen.getByLabelText('Sales tax'), '8.25');
    await user.click(screen.getByRole('button', { name: 'Save prices' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1));
    expect(JSON.parse(String(calls.find((c) => c.method === 'PUT')!.init!.body))).toEqual({ touchUpPrice: 12.5, backgroundPrice: 9, turnaroundHours: 48, taxPercent: 8.25 });
    expect(await screen.findByText('Prices saved. Customers see them from their next cart.')).toBeInTheDocument();
    expect(screen.queryByText(studioSettingsMessages.taxInvalid)).not.toBeInTheDocument();
  }, 20_000);

  it("shows the server's refusal above the form", async () => {
    stubFetch({ 'GET /studio/prices': { body: saved }, 'PUT /studio/prices': { status: 403, body: { message: 'Forbidden' } } });
    const user = userEvent.setup();
    renderWithProviders(<PricesSettings />);
    await user.click(await screen.findByRole('button', { name: 'Save prices' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Forbidden');
  });

  it('offers to try again when the prices do not load', async () => {
    stubFetch({ 'GET /studio/prices': { status: 403, body: { message: 'Forbidden' } } });
    renderWithProviders(<PricesSettings />);
    expect(await screen.findByRole('alert')).toHaveTextContent('The prices could not be loaded.');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
