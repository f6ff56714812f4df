import { commerceMessages } from '@studio-gallery/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders, stubFetch } from '../../../test/render';
import { TestCardForm } from './test-card-form';

async function fillCard(number: string) {
  const user = userEvent.setup();
  await user.type(screen.getByRole('textbox', { name: 'Card number' }), number);
  await user.type(screen.getByRole('textbox', { name: 'Expiry' }), '1230');
  await user.type(screen.getByRole('textbox', { name: 'CVC' }), '123');
  return user;
}

describe('TestCardForm', () => {
  it('is labelled as test mode with the test cards, formats the fields, and keeps Pay disabled until complete', async () => {
    stubFetch({});
    renderWithProviders(<TestCardForm clientSecret="pi_1_secret" email="a@b.c" amountLabel="$21.66" onPaid={() => {}} />);
    expect(screen.getByText('Test mode')).toBeInTheDocument();
    expect(screen.getByText('4242 4242 4242 4242')).toBeInTheDocument();
    expect(screen.getByText('4000 0000 0000 0002')).toBeInTheDocument();
    const pay = screen.getByRole('button', { name: 'Pay' });
    expect(pay).toBeDisabled();
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: 'Card number' }), '4242424242424241');
    await user.type(screen.getByRole('textbox', { name: 'Expiry' }), '1230');
    await user.type(screen.getByRole('textbox', { name: 'CVC' }), '12');
    expect(screen.getByRole('textbox', { name: 'Card number' })).toHaveValue('4242 4242 4242 4241');
    expect(screen.getByRole('textbox', { name: 'Expiry' })).toHaveValue('12 / 30');
    expect(pay).toBeDisabled(); // fails the Luhn check, CVC too short
    await user.clear(screen.getByRole('textbox', { name: 'Card number' }));
    await user.type(screen.getByRole('textbox', { name: 'Card number' }), '4242424242424242');
    expect(pay).toBeDisabled();
    await user.type(screen.getByRole('textbox', { name: 'CVC' }), '3');
    expect(pay).toBeEnabled();
  });

  it('shows "Payment failed: …" for a declined card and re-enables the form', async () => {
    const calls = stubFetch({ 'POST /transaxtions/test-payments/confirm': { status: 402, body: { message: commerceMessages.cardDeclined } } });
    const onPaid = vi.fn();
    renderWithProviders(<TestCardForm clientSecret="pi_1_secret" email="a@b.c" amountLabel="$21.66" onPaid={onPaid} />);
    const user = await fillCard('4000000000000002');
    await user.click(screen.getByRole('button', { name: 'Pay' }));
    expect(await screen.findByText(commerceMessages.paymentFailed(commerceMessages.cardDeclined))).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pay' })).toBeEnabled();
    expect(screen.getByRole('textbox', { name: 'Card number' })).toBeEnabled();
    expect(onPaid).not.toHaveBeenCalled();
    expect(JSON.parse(String(calls[0]!.init!.body))).toEqual({ clientSecret: 'pi_1_secret', cardNumber: '4000000000000002', expiry: '12/30', cvc: '123' });
  });

  it('hands a succeeded payment on and stays locked', async () => {
    stubFetch({ 'POST /transaxtions/test-payments/confirm': { body: { status: 'succeeded', paymentId: 'pi_1', cardBrand: 'visa' } } });
    const onPaid = vi.fn(() => new Promise<void>(() => {}));
    renderWithProviders(<TestCardForm clientSecret="pi_1_secret" email="a@b.c" amountLabel="$21.66" onPaid={onPaid} />);
    const user = await fillCard('4242424242424242');
    await user.click(screen.getByRole('button', { name: 'Pay' }));
    await waitFor(() => expect(onPaid).toHaveBeenCalledWith({ paymentId: 'pi_1', cardBrand: 'visa', receiptUrl: null }));
    expect(screen.getByText('Payment succeeded. Placing your order…')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Card number' })).toBeDisabled();
  });
});
