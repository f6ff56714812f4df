import { type Survey, surveyMessages } from '@studio-gallery/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders, stubFetch } from '../../../test/render';
import { SurveyForm } from './survey-form';
import { SurveyGate } from './survey-gate';

const survey: Survey = {
  id: 1,
  formKey: 'demo-survey',
  title: 'Before your photos',
  questions: [
    { id: '11', kind: 'text', label: 'Your job title', required: false },
    { id: '12', kind: 'choice', label: 'How did you hear about us?', required: true, options: ['Friend', 'Search', 'Event'] },
    { id: '13', kind: 'yesno', label: 'May we use your photo on our website?', required: true },
  ],
};

describe('SurveyForm', () => {
  it('builds the fields from the questions, marks and checks the required ones, and answers only what was given', async () => {
    const onSubmit = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(<SurveyForm survey={survey} onSubmit={onSubmit} />);

    expect(screen.getByRole('heading', { name: 'A few questions first' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Your job title' })).not.toBeRequired();
    expect(screen.getByRole('radiogroup', { name: /How did you hear about us\?/ })).toBeInTheDocument();
    expect(screen.getAllByRole('radio')).toHaveLength(5);

    await user.click(screen.getByRole('button', { name: 'Submit answers' }));
    expect(await screen.findAllByText(surveyMessages.required)).toHaveLength(2);
    expect(onSubmit).not.toHaveBeenCalled();

    await user.click(screen.getByRole('radio', { name: 'Search' }));
    await user.click(screen.getByRole('radio', { name: 'No' }));
    await user.click(screen.getByRole('button', { name: 'Submit answers' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ '12': 'Search', '13': 'no' }));
    expect(screen.queryByText(surveyMessages.required)).not.toBeInTheDocument();
  });
});

describe('SurveyGate', () => {
  beforeEach(() => localStorage.clear());
  const gate = (formKey: string | null = 'demo-survey') => (
    <SurveyGate formKey={formKey} email="sam@example.com" code="CODE1" resetKey="KEY1">
      <p>Password form</p>
    </SurveyGate>
  );

  it('shows the survey when not answered; after submitting, toasts and shows the password form', async () => {
    const calls = stubFetch({
      'GET /users/CheckTypeFormSubmit': { body: false },
      'GET /users/survey-form/demo-survey': { body: survey },
      'POST /ex/users/survey-responses': { status: 201, body: { formResponseId: 'RESP1' } },
      'POST /users/AddFormResponseIdBySessionCouponCode': {
        body: { success: true, massage: surveyMessages.formSubmitted, message: surveyMessages.formSubmitted },
      },
    });
    const user = userEvent.setup();
    renderWithProviders(gate());
    expect(await screen.findByRole('heading', { name: 'A few questions first' })).toBeInTheDocument();
    expect(screen.queryByText('Password form')).not.toBeInTheDocument();
    expect(calls[0]?.url).toContain('email=sam%40example.com');
    expect(calls[0]?.url).toContain('code=CODE1');

    await user.type(screen.getByRole('textbox', { name: 'Your job title' }), 'Chef');
    await user.click(screen.getByRole('radio', { name: 'Friend' }));
    await user.click(screen.getByRole('radio', { name: 'Yes' }));
    await user.click(screen.getByRole('button', { name: 'Submit answers' }));

    expect(await screen.findByText('Password form')).toBeInTheDocument();
    expect(await screen.findByText(surveyMessages.formSubmitted)).toBeInTheDocument();
    const post = calls.find((c) => c.path === '/ex/users/survey-responses');
    expect(JSON.parse(String(post?.init?.body))).toEqual({
      key: 'KEY1', formKey: 'demo-survey', email: 'sam@example.com', code: 'CODE1', answers: { '11': 'Chef', '12': 'Friend', '13': 'yes' },
    });
    const link = calls.find((c) => c.path === '/users/AddFormResponseIdBySessionCouponCode');
    expect(link?.url).toContain('formResponseId=RESP1');
    expect(link?.url).toContain('couponCode=CODE1');
  });

  it('shows a server refusal above the fields', async () => {
    stubFetch({
      'GET /users/CheckTypeFormSubmit': { body: false },
      'GET /users/survey-form/demo-survey': { body: survey },
      'POST /ex/users/survey-responses': { status: 400, body: { message: surveyMessages.keyInvalid } },
    });
    const user = userEvent.setup();
    renderWithProviders(gate());
    await user.click(await screen.findByRole('radio', { name: 'Friend' }));
    await user.click(screen.getByRole('radio', { name: 'Yes' }));
    await user.click(screen.getByRole('button', { name: 'Submit answers' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(surveyMessages.keyInvalid);
    expect(screen.queryByText('Password form')).not.toBeInTheDocument();
  });

  it('goes straight to the password form when answered already, or without a form key', async () => {
    const calls = stubFetch({ 'GET /users/CheckTypeFormSubmit': { body: true } });
    renderWithProviders(gate());
    expect(await screen.findByText('Password form')).toBeInTheDocument();
    expect(calls.some((c) => c.path.startsWith('/users/survey-form'))).toBe(false);

    const none = stubFetch({});
    renderWithProviders(gate(null));
    expect(screen.getAllByText('Password form').length).toBeGreaterThan(0);
    expect(none).toHaveLength(0);
  });
});
