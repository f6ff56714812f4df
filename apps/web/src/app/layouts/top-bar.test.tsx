import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { TopBar } from './top-bar';

const props = { navOpened: false, onToggleNav: () => undefined, email: 'ana@example.com', signedIn: true, cartCount: 2 };

describe('TopBar', () => {
  it('opens the account menu at the first click, before its code has been warmed up, and logs out', async () => {
    const onLogout = vi.fn();
    renderWithProviders(<TopBar {...props} onLogout={onLogout} />);
    const user = userEvent.setup();
    // The page has not been idle yet: only the button is there, and one click is enough.
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Account menu: ana@example.com' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Logout' }));
    expect(onLogout).toHaveBeenCalledTimes(1);
  });

  it('shows the stored cart count on the cart button', () => {
    renderWithProviders(<TopBar {...props} onLogout={() => undefined} />);
    expect(screen.getByRole('button', { name: 'Cart' })).toHaveAccessibleDescription('2 items');
  });
});
