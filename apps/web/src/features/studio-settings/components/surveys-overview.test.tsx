import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders, stubFetch } from '../../../test/render';
import { SurveysOverview } from './surveys-overview';

const questions = [
  { id: '11', kind: 'text', label: 'Your job title', required: false },
  { id: '12', kind: 'yesno', label: 'May we use your photo?', required: true },
];
const surveys = {
  items: [
    { id: 1, formKey: 'empty-one', title: 'Nobody answered', active: false, createdAt: '2026-11-01T10:00:00.000Z', responseCount: 0, questions: [questions[1]] },
    { id: 2, formKey: 'onboarding', title: 'Before your photos', active: true, createdAt: '2026-11-02T10:00:00.000Z', responseCount: 1, questions },
  ],
};

describe('SurveysOverview', () => {
  it('lists the surveys, shows the answers of one with a column per question, and downloads its CSV', async () => {
    const calls = stubFetch({
      'GET /studio/surveys': { body: surveys },
      'GET /studio/surveys/2/responses': {
        body: { total: 1, items: [{ id: 'r1', submittedAt: '2026-11-20T10:00:00.000Z', email: 'ann@example.com', sessionCode: 'CODE-A', answers: { '11': 'Designer', '12': 'yes' } }] },
      },
      'GET /studio/surveys/2/responses.csv': { body: 'csv' },
      'GET /studio/surveys/1/responses': { body: { total: 0, items: [] } },
    });
    const createObjectURL = vi.fn(() => 'blob:csv');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const user = userEvent.setup();
    renderWithProviders(<SurveysOverview />);

    const card = await screen.findByRole('article', { name: 'Before your photos' });
    expect(within(card).getByText('1 answer · 2 questions')).toBeInTheDocument();
    expect(within(screen.getByRole('article', { name: 'Nobody answered' })).getByText('Off')).toBeInTheDocument();

    const table = await screen.findByRole('table', { name: 'Answers to “Before your photos”' });
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Submitted', 'Email', 'Session code', 'Your job title', 'May we use your photo?']);
    expect(within(table).getAllByRole('cell').slice(1).map((c) => c.textContent)).toEqual(['ann@example.com', 'CODE-A', 'Designer', 'yes']);

    await user.click(screen.getByRole('button', { name: 'Download the answers to Before your photos as CSV' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect(createObjectURL).toHaveBeenCalled();
    expect(calls.some((c) => c.path === '/studio/surveys/2/responses.csv')).toBe(true);
    expect(screen.getByRole('button', { name: 'Download the answers to Nobody answered as CSV' })).toBeDisabled();

    await user.click(within(screen.getByRole('article', { name: 'Nobody answered' })).getByRole('button', { name: 'Show answers' }));
    expect(await screen.findByText('No answers yet.')).toBeInTheDocument();
  });

  it('says so when there are no surveys, and offers to try again on failure', async () => {
    stubFetch({ 'GET /studio/surveys': { body: { items: [] } } });
    const view = renderWithProviders(<SurveysOverview />);
    expect(await screen.findByText('No surveys yet.')).toBeInTheDocument();
    view.unmount();
    stubFetch({ 'GET /studio/surveys': { status: 403, body: { message: 'Forbidden' } } });
    renderWithProviders(<SurveysOverview />);
    expect(await screen.findByRole('alert')).toHaveTextContent('The surveys could not be loaded.');
  });
});
