import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders, stubFetch } from '../../../test/render';
import type { Company } from '../api/companies';
import { CompanyBrandingForm } from './company-branding-form';

const acme: Company = {
  id: 5,
  name: 'Acme Corp',
  isDefault: false,
  hosts: ['photos.acme.test'],
  accentColor: '#FF0000',
  copyright: '© Acme',
  socialLinks: { tiktok: null, instagram: 'https://instagram.com/acme', twitter: null, youtube: null },
  faqs: [{ question: 'Where?', answer: 'Floor 3' }],
  supportEmail: null,
  logoDarkUrl: '/api/media/branding/dark.png',
  logoWhiteUrl: null,
  bannerUrl: '/api/media/branding/banner.jpg',
  employeeCount: 3,
  createdAt: '2026-11-26T10:00:00Z',
  allowFullResolution: false,
};

describe('CompanyBrandingForm', () => {
  it('previews the login and gallery header as the fields change', async () => {
    stubFetch({});
    const user = userEvent.setup();
    renderWithProviders(<CompanyBrandingForm company={acme} canEdit />);
    const gallery = screen.getByTestId('gallery-preview');
    expect(within(gallery).getByTestId('gallery-preview-name')).toHaveTextContent('Acme Corp');
    expect(within(gallery).getByRole('img', { name: 'Acme Corp logo' })).toHaveAttribute('src', acme.logoDarkUrl);
    expect(screen.getByTestId('login-preview-name')).toHaveTextContent('Acme Corp');
    expect(screen.getByTestId('gallery-preview-header').style.borderBottom).toContain('rgb(255, 0, 0)');

    const name = screen.getByLabelText(/^Name/);
    await user.clear(name);
    await user.type(name, 'Globex');
    expect(within(gallery).getByTestId('gallery-preview-name')).toHaveTextContent('Globex');
    expect(screen.getByTestId('login-preview-name')).toHaveTextContent('Globex');

    const accent = screen.getByLabelText('Accent colour', { selector: 'input:not([type="color"])' });
    await user.clear(accent);
    await user.type(accent, '#00AA00');
    expect(screen.getByTestId('gallery-preview-header').style.borderBottom).toContain('rgb(0, 170, 0)');
    expect(screen.getByTestId('login-preview-button').style.backgroundColor).toBe('rgb(0, 170, 0)');
  }, 20_000);

  it('checks the fields and saves them (PUT) with the FAQ and hosts', async () => {
    const calls = stubFetch({ 'PUT /studio/companies/5': { body: { ...acme, name: 'Acme Inc', hosts: ['photos.acme.test', 'acme.test'] } } });
    const user = userEvent.setup();
    renderWithProviders(<CompanyBrandingForm company={acme} canEdit />);
    const accent = screen.getByLabelText('Accent colour', { selector: 'input:not([type="color"])' });
    await user.clear(accent);
    await user.type(accent, 'red');
    await user.click(screen.getByRole('button', { name: 'Save branding' }));
    expect(await screen.findByText(/Use a colour as # and 6 hex digits/)).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);

    await user.clear(accent);
    await user.type(accent, '#FF0000');
    const name = screen.getByLabelText(/^Name/);
    await user.clear(name);
    await user.type(name, 'Acme Inc');
    const hosts = screen.getByLabelText('Host names');
    await user.type(hosts, '{Enter}acme.test');
    await user.click(screen.getByRole('button', { name: 'Add a question' }));
    await user.type(screen.getByLabelText('Question 2'), 'When?');
    await user.type(screen.getByLabelText('Answer 2'), 'Mondays');
    await user.click(screen.getByRole('button', { name: 'Save branding' }));

    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1));
    const body = JSON.parse(String(calls.find((c) => c.method === 'PUT')!.init?.body));
    expect(body).toMatchObject({
      name: 'Acme Inc',
      accentColor: '#FF0000',
      hosts: ['photos.acme.test', 'acme.test'],
      faqs: [{ question: 'Where?', answer: 'Floor 3' }, { question: 'When?', answer: 'Mondays' }],
      socialLinks: { instagram: 'https://instagram.com/acme', tiktok: '' },
      allowFullResolution: false,
    });
  }, 20_000);

  it('saves the full-resolution downloads switch', async () => {
    const calls = stubFetch({ 'PUT /studio/companies/5': { body: { ...acme, allowFullResolution: true } } });
    const user = userEvent.setup();
    renderWithProviders(<CompanyBrandingForm company={acme} canEdit />);
    const toggle = screen.getByRole('switch', { name: /^Allow full-resolution downloads/ });
    expect(toggle).not.toBeChecked();
    await user.click(toggle);
    await user.click(screen.getByRole('button', { name: 'Save branding' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1));
    expect(JSON.parse(String(calls.find((c) => c.method === 'PUT')!.init?.body))).toMatchObject({ allowFullResolution: true });
    await waitFor(() => expect(screen.getByRole('switch', { name: /^Allow full-resolution downloads/ })).toBeChecked());
  }, 20_000);

  it('is read-only for staff', () => {
    stubFetch({});
    renderWithProviders(<CompanyBrandingForm company={acme} canEdit={false} />);
    expect(screen.getByText('Only admins change branding.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save branding' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Upload/ })).not.toBeInTheDocument();
    expect(screen.getByLabelText(/^Name/)).toBeDisabled();
    expect(screen.getByRole('switch', { name: /^Allow full-resolution downloads/ })).toBeDisabled();
  });
});
