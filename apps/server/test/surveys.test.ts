import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { JSON_PATCH_CONTENT_TYPE, type Survey, surveyMessages } from '@studio-gallery/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SurveysRepository } from '../src/modules/surveys/surveys.repository';
import { SurveysService, toCsv } from '../src/modules/surveys/surveys.service';
import { SurveysUsageError, parseQuestion } from '../src/cli/studio-surveys';
import { DEMO_SURVEY_FORM_KEY, seedDemoSurvey } from '../src/seed/demo-survey';
import { type TestApp, type TestUser, startTestApp } from './support/test-app';

/** The survey before set-password (issue 14 §4): its calls over HTTP, and `studio -- surveys`. */
let t: TestApp;
let survey: Survey;
const FORM = 'onboarding';
const CODE = 'S'.repeat(44);

beforeAll(async () => {
  t = await startTestApp();
  const service = new SurveysService(new SurveysRepository(t.db.kysely), t.clock.now);
  survey = await service.create(FORM, 'Before your photos', [
    { kind: 'text', label: 'Your job title', required: false },
    { kind: 'choice', label: 'How did you hear about us?', required: true, options: ['Friend', 'Search', 'Event'] },
    { kind: 'yesno', label: 'May we use your photo on our website?', required: true },
  ]);
});
afterAll(async () => {
  await t?.close();
});

async function resetKeyOf(email: string): Promise<string> {
  const response = await t.request('POST', '/api/account/reset-password', { rawBody: JSON.stringify(email), contentType: JSON_PATCH_CONTENT_TYPE });
  expect(response.status).toBe(200);
  const link = (await t.lastMailTo(email)).links.find((l) => l.includes('/reset/finish?key='));
  return new URL(link as string).searchParams.get('key') as string;
}

const questionId = (i: number) => survey.questions[i]?.id as string;
const job = () => questionId(0);
const heard = () => questionId(1);
const photo = () => questionId(2);
const goodAnswers = () => ({ [job()]: 'Engineer, "lead"', [heard()]: 'Search', [photo()]: 'yes' });

const check = (email: string, code: string, formId?: string) =>
  t.request('GET', `/api/users/CheckTypeFormSubmit?${new URLSearchParams({ email, code, ...(formId ? { formId } : {}) })}`);
const submit = (body: Record<string, unknown>) => t.request('POST', '/api/ex/users/survey-responses', { body });
const link = (query: Record<string, string>) => t.request('POST', `/api/users/AddFormResponseIdBySessionCouponCode?${new URLSearchParams(query)}`);

describe('GET /api/users/survey-form/{formKey}', () => {
  it('answers the questions in order, with kinds, required flags and options', async () => {
    const response = await t.request('GET', `/api/users/survey-form/${FORM}`);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      formKey: FORM,
      title: 'Before your photos',
      questions: [
        { kind: 'text', label: 'Your job title', required: false },
        { kind: 'choice', label: 'How did you hear about us?', required: true, options: ['Friend', 'Search', 'Event'] },
        { kind: 'yesno', label: 'May we use your photo on our website?', required: true },
      ],
    });
  });

  it('404s an unknown or inactive survey', async () => {
    const unknown = await t.request('GET', '/api/users/survey-form/nope');
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe(surveyMessages.notFound);
    const service = new SurveysService(new SurveysRepository(t.db.kysely), t.clock.now);
    await service.create('paused', 'Paused', [{ kind: 'text', label: 'Anything?', required: false }]);
    await service.setActive('paused', false);
    expect((await t.request('GET', '/api/users/survey-form/paused')).status).toBe(404);
  });
});

describe('the demo survey', () => {
  it('is seeded once with three questions under "demo-survey"', async () => {
    await seedDemoSurvey(t.db.kysely, t.clock.now());
    await seedDemoSurvey(t.db.kysely, t.clock.now());
    const response = await t.request('GET', `/api/users/survey-form/${DEMO_SURVEY_FORM_KEY}`);
    expect(response.status).toBe(200);
    expect((response.body as Survey).questions.map((q) => [q.kind, q.required])).toEqual([['text', false], ['choice', true], ['yesno', true]]);
  });
});

describe('answering the survey', () => {
  let customer: TestUser;
  let key: string;
  beforeAll(async () => {
    customer = await t.createUser({ firstName: 'Sara' });
    key = await resetKeyOf(customer.email);
  });

  it('CheckTypeFormSubmit is false, then the answer is stored and linked, then it is true', async () => {
    expect((await check(customer.email, CODE)).body).toBe(false);

    const created = await submit({ key, formKey: FORM, email: customer.email.toUpperCase(), code: CODE, answers: goodAnswers() });
    expect(created.status).toBe(201);
    expect(created.body.formResponseId).toMatch(/^[A-Za-z0-9_-]{24}$/);

    const query = { couponCode: CODE, formResponseId: created.body.formResponseId as string, formId: FORM, email: customer.email };
    const linked = await link(query);
    expect(linked.status).toBe(200);
    expect(linked.body).toEqual({ success: true, massage: surveyMessages.formSubmitted, message: surveyMessages.formSubmitted });
    // Idempotent.
    expect((await link(query)).status).toBe(200);
    // Another session code: refused; a response id that does not match: 404 in the legacy shape.
    expect((await link({ ...query, couponCode: 'another-code' })).status).toBe(409);
    const wrong = await link({ ...query, email: 'someone@else.test' });
    expect(wrong.status).toBe(404);
    expect(wrong.body).toEqual({ success: false, massage: surveyMessages.responseNotFound, message: surveyMessages.responseNotFound });

    expect((await check(customer.email, CODE)).body).toBe(true);
    expect((await check(customer.email, CODE, FORM)).body).toBe(true);
    expect((await check(customer.email, CODE, 'paused')).body).toBe(false);
    expect((await check(customer.email, 'another-code')).body).toBe(false);
    expect((await check('nobody@else.test', CODE)).body).toBe(false);

    const stored = await t.db.kysely.selectFrom('survey_responses').selectAll().where('id', '=', created.body.formResponseId).executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ email: customer.email.toLowerCase(), coupon_code: CODE });
    expect(JSON.parse(stored.answers_json)).toEqual(goodAnswers());
  });

  it('a second answer of the same survey is a conflict', async () => {
    const again = await submit({ key, formKey: FORM, email: customer.email, code: CODE, answers: goodAnswers() });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(surveyMessages.alreadyAnswered);
  });

  it('the key still sets the password afterwards (answering does not use it up)', async () => {
    const finish = await t.request('POST', '/api/account/reset-password/finish', { body: { key, newPassword: 'Surveyed-1' } });
    expect(finish.status).toBe(200);
    // Used now: no more answers with it.
    const late = await submit({ key, formKey: 'paused', email: customer.email, code: CODE, answers: {} });
    expect(late.status).toBe(400);
    expect(late.body.message).toBe(surveyMessages.keyInvalid);
  });
});

describe('answers are checked on the server', () => {
  let customer: TestUser;
  let key: string;
  beforeAll(async () => {
    customer = await t.createUser();
    key = await resetKeyOf(customer.email);
  });
  const send = (answers: Record<string, string>, formKey = FORM) => submit({ key, formKey, email: customer.email, code: CODE, answers });

  it('a missing required answer: 400 naming the question', async () => {
    const response = await send({ [job()]: 'Chef', [photo()]: 'no' });
    expect(response.status).toBe(400);
    expect(response.body.message).toBe(`How did you hear about us?: ${surveyMessages.required}`);
    expect((await send({ [heard()]: '   ', [photo()]: 'no' })).body.message).toBe(`How did you hear about us?: ${surveyMessages.required}`);
  });

  it('an option not offered, a yes/no that is neither, an unknown question: 400', async () => {
    const choice = await send({ [heard()]: 'Billboard', [photo()]: 'yes' });
    expect(choice.status).toBe(400);
    expect(choice.body.message).toBe(`How did you hear about us?: ${surveyMessages.choiceInvalid}`);
    const yesNo = await send({ [heard()]: 'Friend', [photo()]: 'maybe' });
    expect(yesNo.status).toBe(400);
    expect(yesNo.body.message).toBe(`May we use your photo on our website?: ${surveyMessages.yesNoInvalid}`);
    const unknown = await send({ [heard()]: 'Friend', [photo()]: 'yes', '999999': 'extra' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe(surveyMessages.unknownQuestion);
  });

  it('an unknown form: 404; nothing was stored', async () => {
    expect((await send(goodAnswers(), 'nope')).status).toBe(404);
    expect((await check(customer.email, CODE)).body).toBe(false);
  });
});

describe('who may answer', () => {
  it('only the holder of an unused reset key, for that key’s account', async () => {
    const victim = await t.createUser();
    const mallory = await t.createUser();
    const malloryKey = await resetKeyOf(mallory.email);

    const noKey = await submit({ formKey: FORM, email: victim.email, code: CODE, answers: goodAnswers() });
    expect(noKey.status).toBe(400);
    const madeUp = await submit({ key: 'x'.repeat(43), formKey: FORM, email: victim.email, code: CODE, answers: goodAnswers() });
    expect(madeUp.status).toBe(400);
    expect(madeUp.body.message).toBe(surveyMessages.keyInvalid);
    const othersKey = await submit({ key: malloryKey, formKey: FORM, email: victim.email, code: CODE, answers: goodAnswers() });
    expect(othersKey.status).toBe(403);
    expect(othersKey.body.message).toBe(surveyMessages.emailMismatch);
    // A signed-in customer's token is no key either.
    const token = await t.request('POST', '/api/ex/users/survey-responses', {
      token: victim.token,
      body: { formKey: FORM, email: victim.email, code: CODE, answers: goodAnswers() },
    });
    expect(token.status).toBe(400);
    expect((await check(victim.email, CODE)).body).toBe(false);

    // An expired key.
    const victimKey = await resetKeyOf(victim.email);
    t.clock.advanceHours(25);
    const expired = await submit({ key: victimKey, formKey: FORM, email: victim.email, code: CODE, answers: goodAnswers() });
    expect(expired.status).toBe(400);
    expect(expired.body.message).toBe(surveyMessages.keyInvalid);
  });
});

describe('npm run studio -- surveys', () => {
  const cli = fileURLToPath(new URL('../src/cli/studio.ts', import.meta.url));
  function studio(...args: string[]) {
    const env: Record<string, string> = { ...process.env, DATA_DIR: t.config.dataDir, PUBLIC_URL: t.config.publicUrl, LOG_LEVEL: 'silent', ...t.storageEnv } as Record<string, string>;
    if (t.config.database.dialect === 'postgres') {
      env.DATABASE_URL = t.config.database.url;
      env.DATABASE_SCHEMA = t.config.database.schema ?? '';
    }
    return promisify(execFile)(process.execPath, ['--import', 'tsx', cli, 'surveys', ...args], { env, cwd: path.dirname(cli) }).then(
      (out) => ({ code: 0, ...out }),
      (error: { code: number; stdout: string; stderr: string }) => ({ code: error.code, stdout: error.stdout, stderr: error.stderr }),
    );
  }

  it('adds a survey from --question specs, lists it and exports the answers as RFC 4180 CSV', async () => {
    const added = await studio(
      'add', '--form-key', 'cli-form', '--title', 'From the CLI',
      '--question', 'text:Your job title',
      '--question', 'choice:How did you hear about us?:Friend|Search|Event',
      '--question', 'yesno!:May we use your photo on our website?',
    );
    expect(added.code, added.stderr).toBe(0);
    expect(added.stdout.trim()).toBe('cli-form');
    const form = await t.request('GET', '/api/users/survey-form/cli-form');
    expect(form.body.questions).toEqual([
      { id: expect.any(String), kind: 'text', label: 'Your job title', required: false },
      { id: expect.any(String), kind: 'choice', label: 'How did you hear about us?', required: false, options: ['Friend', 'Search', 'Event'] },
      { id: expect.any(String), kind: 'yesno', label: 'May we use your photo on our website?', required: true },
    ]);
    const ids = (form.body as Survey).questions.map((q) => q.id);

    const customer = await t.createUser();
    const key = await resetKeyOf(customer.email);
    const answered = await submit({
      key, formKey: 'cli-form', email: customer.email, code: '',
      answers: { [ids[0] as string]: 'Head, "of"\nthings', [ids[2] as string]: 'no' },
    });
    expect(answered.status).toBe(201);

    const listed = await studio('list');
    expect(listed.code, listed.stderr).toBe(0);
    expect(listed.stdout).toContain('cli-form\tactive\t3 questions\t1 answers\tFrom the CLI');

    const out = path.join(t.config.dataDir, 'answers.csv');
    const exported = await studio('export', 'cli-form', '--out', out);
    expect(exported.code, exported.stderr).toBe(0);
    const csv = await fs.readFile(out, 'utf8');
    const [header, row, end] = csv.split('\r\n');
    expect(header).toBe('submitted_at,email,session_code,form_response_id,Your job title,How did you hear about us?,May we use your photo on our website?');
    expect(row).toMatch(/^\d{4}-\d\d-\d\dT[\d:.]+Z,/);
    expect(row?.replace(/^[^,]+,/, '')).toBe(`${customer.email.toLowerCase()},,${answered.body.formResponseId},"Head, ""of""\nthings",,no`);
    expect(end).toBe('');

    const again = await studio('add', '--form-key', 'cli-form', '--title', 'Again', '--question', 'text:x');
    expect(again.code).toBe(2);
    expect(again.stderr).toContain('exists already');
  }, 240_000);

  it('parses --question specs: kind, ! for required, choice options after the last colon', () => {
    expect(parseQuestion('text:Your job title')).toEqual({ kind: 'text', label: 'Your job title', required: false });
    expect(parseQuestion('yesno!:May we: use it?')).toEqual({ kind: 'yesno', label: 'May we: use it?', required: true });
    expect(parseQuestion('choice!:Where: how?:A| B |C')).toEqual({ kind: 'choice', label: 'Where: how?', required: true, options: ['A', 'B', 'C'] });
    expect(() => parseQuestion('rating:Stars')).toThrow(SurveysUsageError);
    expect(() => parseQuestion('choice:Only one:A')).toThrow(SurveysUsageError);
    expect(() => parseQuestion('choice:No options')).toThrow(SurveysUsageError);
    expect(() => parseQuestion('text:')).toThrow(SurveysUsageError);
  });
});

describe('CSV export', () => {
  it('quotes by RFC 4180 with CRLF line ends', () => {
    expect(toCsv([['a', 'b,c', 'say "hi"', 'x\ny'], ['', 'z']])).toBe('a,"b,c","say ""hi""","x\ny"\r\n,z\r\n');
  });
});
