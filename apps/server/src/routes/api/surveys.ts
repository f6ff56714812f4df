import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import {
  addFormResponseQuery,
  checkSurveySubmittedQuery,
  successBody,
  successResponse,
  survey,
  surveyFormParams,
  surveyMessages,
  surveyResponseCreated,
  surveyResponseRequest,
} from '@studio-gallery/contract';
import { z } from 'zod';
import type { SurveysService } from '../../modules/surveys/surveys.service';

export interface SurveysRoutesOptions {
  surveys: SurveysService;
}

/**
 * The survey before set-password (spec §2, §7; issue 14 §4). Called from /reset/finish by a customer
 * who has no password yet: answering needs the link's reset key (docs/api.md "Survey").
 */
export const surveysRoutes: FastifyPluginAsyncZod<SurveysRoutesOptions> = async (app, { surveys }) => {
  const tags = ['surveys'];

  app.get(
    '/users/CheckTypeFormSubmit',
    {
      config: {
        operation: {
          operationId: 'checkSurveySubmitted',
          access: 'public',
          answers: { 200: 'true when that email answered under that session code' },
          sample: (r) => ({ query: { email: r.email, code: r.sessionCode } }),
        },
      },
      schema: {
        tags,
        summary: 'Whether the survey was answered (spec: CheckTypeFormSubmit)',
        description:
          '`code` is the session code of the entry link (`code` of `q`; empty when the link has none). ' +
          'Ours: `formId` (a form key) counts only that survey’s answers.',
        querystring: checkSurveySubmittedQuery,
        response: { 200: z.boolean() },
      },
    },
    async (request) => surveys.isSubmitted(request.query.email, request.query.code, request.query.formId),
  );

  app.get(
    '/users/survey-form/:formKey',
    {
      config: {
        operation: {
          operationId: 'getSurveyForm',
          access: 'public',
          answers: { 200: 'The survey and its questions, in order' },
          errors: [404],
          // No survey in the matrix's database.
          expect: { anonymous: 404, otherCustomer: 404, visitor: 404 },
          sample: () => ({ params: { formKey: 'no-such-form' } }),
        },
      },
      schema: {
        tags,
        summary: 'The questions of the survey of a form key (the `formid` of the entry link)',
        description: `404 "${surveyMessages.notFound}" when the form key is unknown or the survey inactive.`,
        params: surveyFormParams,
        response: { 200: survey },
      },
    },
    async (request) => surveys.getForm(request.params.formKey),
  );

  app.post(
    '/ex/users/survey-responses',
    {
      onRequest: [app.authRateLimit],
      config: {
        operation: {
          operationId: 'submitSurveyResponse',
          access: 'public',
          answers: { 201: 'Stored: the formResponseId' },
          errors: [403, 404, 409],
          // A key nobody was mailed: refused whoever asks.
          expect: { anonymous: 400, otherCustomer: 400, visitor: 400 },
          sample: (r) => ({ body: { key: 'not-a-mailed-key', formKey: 'no-such-form', email: r.email, code: r.sessionCode, answers: {} } }),
        },
      },
      schema: {
        tags,
        summary: 'Answer a survey (needs the reset key of the /reset/finish link)',
        description:
          `400 "${surveyMessages.keyInvalid}" unless \`key\` is an unused, unexpired reset key; 403 when \`email\` is not its account's; ` +
          `404 for an unknown or inactive form; 400 "<question>: <problem>" for a missing required answer, an option not offered, ` +
          `or an answer to no question; 409 "${surveyMessages.alreadyAnswered}" when this email answered this survey before.`,
        body: surveyResponseRequest.strict(),
        response: { 201: surveyResponseCreated },
      },
    },
    async (request, reply) => {
      const created = await surveys.submit(request.body);
      return reply.code(201).send(created);
    },
  );

  app.post(
    '/users/AddFormResponseIdBySessionCouponCode',
    {
      config: {
        legacyErrorBody: true,
        operation: {
          operationId: 'addFormResponseToSession',
          access: 'link',
          answers: { 200: `Recorded ("${surveyMessages.formSubmitted}"); again with the same values: the same answer` },
          errors: [404, 409],
          expect: { anonymous: 404, otherCustomer: 404, visitor: 404 },
          sample: (r) => ({ query: { couponCode: r.sessionCode, formResponseId: 'not-a-response', formId: 'no-such-form', email: r.email } }),
        },
      },
      schema: {
        tags,
        summary: 'Record that a survey response belongs to a session code (spec: AddFormResponseIdBySessionCouponCode)',
        description:
          'The unguessable formResponseId (answered only to who submitted it) is the credential. 404 unless formResponseId, formId and ' +
          `email match one response; 409 "${surveyMessages.responseOtherCode}" when it already belongs to another session code.`,
        querystring: addFormResponseQuery,
        response: { 200: successResponse },
      },
    },
    async (request) => {
      await surveys.linkToSessionCode(request.query);
      return successBody(true, surveyMessages.formSubmitted);
    },
  );
};
