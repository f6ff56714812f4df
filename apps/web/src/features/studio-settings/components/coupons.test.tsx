import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { studioSettingsMessages } from '@studio-gallery/contract';
import { describe, expect, it } from 'vitest';
import { renderWithProviders, stubFetch } from '../../../test/render';
import { CouponForm } from './coupon-form';
import { CouponsTable } from './coupons-table';

const coupon = (id: number, code: string, extra: Record<string, unknown> = {}) => ({
  id, code, percent: 10, active: true, state: 'active', expiresAt: null, maxUses: null, uses: 0, held: 0, createdAt: '2026-11-20T10:00:00.000Z', ...extra,
});

describe('CouponForm', () => {
  it('shows what is wrong before posting, then posts the coupon (code upper-cased)', async () => {
    const calls = stubFetch({ 'POST /studio/coupons': { body: coupon(3, 'SPRING-26', { percent: 15 }) } });
    const user = userEvent.setup();
    renderWithProviders(<CouponForm />);
    await user.type(screen.getByLabelText('Code'), 'no spaces');
    await user.click(screen.getByRole('button', { name: 'Create coupon' }));
    expect(await screen.findByText(studioSettingsMessages.couponCodeInvalid)).toBeInTheDocument();
    expect(screen.getByText(studioSettingsMessages.couponPercentInvalid)).toBeInTheDocument();
    expect(calls).toHaveLength(0);

    await user.clear(screen.getByLabelText('Code'));
    await user.type(screen.getByLabelText('Code'), 'spring-26');
    await user.type(screen.getByLabelText('Discount'), '15');
    await user.type(screen.getByLabelText('Max uses'), '0');
    await user.click(screen.getByRole('button', { name: 'Create coupon' }));
    expect(await screen.findByText(studioSettingsMessages.couponMaxUsesInvalid)).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Max uses'));
    await user.type(screen.getByLabelText('Last day'), '2026-12-31');
    await user.click(screen.getByRole('button', { name: 'Create coupon' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]!.path).toBe('/studio/coupons');
    expect(JSON.parse(String(calls[0]!.init!.body))).toEqual({ code: 'SPRING-26', percent: 15, expiresOn: '2026-12-31', maxUses: null, active: true });
    expect(await screen.findByText('Coupon SPRING-26 created: 15% off.')).toBeInTheDocument();
    expect(screen.getByLabelText('Code')).toHaveValue('');
  }, 20_000);

  it("shows the server's 409 for a taken code", async () => {
    stubFetch({ 'POST /studio/coupons': { status: 409, body: { message: studioSettingsMessages.couponCodeTaken } } });
    const user = userEvent.setup();
    renderWithProviders(<CouponForm />);
    await user.type(screen.getByLabelText('Code'), 'WELCOME10');
    await user.type(screen.getByLabelText('Discount'), '10');
    await user.click(screen.getByRole('button', { name: 'Create coupon' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('A coupon with this code already exists.');
  });
});

describe('CouponsTable', () => {
  it('lists the coupons with their state, uses and last day, and switches one off', async () => {
    const calls = stubFetch({
      'GET /studio/coupons': {
        body: {
          items: [
            coupon(2, 'SPRING-26', { percent: 12.5, maxUses: 3, uses: 1, held: 1, expiresAt: '2026-12-31T23:59:59.999Z' }),
            coupon(1, 'OLD', { state: 'expired', expiresAt: '2025-09-01T00:00:00.000Z' }),
          ],
        },
      },
      'POST /studio/coupons/2/deactivate': { body: coupon(2, 'SPRING-26', { active: false, state: 'inactive' }) },
    });
    const user = userEvent.setup();
    renderWithProviders(<CouponsTable />);
    const table = await screen.findByRole('table', { name: 'Coupons' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell').slice(0, 5).map((cell) => cell.textContent))).toEqual([
      ['SPRING-26', '12.5%', 'Active', '1 of 3 (+1 in checkout)', '31 Dec 2026'],
      ['OLD', '10%', 'Expired', '0', '1 Sept 2025'],
    ]);
    await user.click(screen.getByRole('button', { name: 'Switch off SPRING-26' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.path === '/studio/coupons/2/deactivate')).toBe(true));
    expect(await screen.findByText('SPRING-26 is off: customers can no longer use it.')).toBeInTheDocument();
  });

  it('says so when there are none', async () => {
    stubFetch({ 'GET /studio/coupons': { body: { items: [] } } });
    renderWithProviders(<CouponsTable />);
    expect(await screen.findByText('No coupons yet.')).toBeInTheDocument();
  });
});
