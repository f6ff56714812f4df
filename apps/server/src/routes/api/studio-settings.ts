import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import {
  studioCoupon,
  studioCouponParams,
  studioCouponRequest,
  studioCouponsResponse,
  studioPrices,
  studioPricesRequest,
  studioRevenueQuery,
  studioRevenueResponse,
  studioSettingsMessages,
  studioSurveyParams,
  studioSurveyResponsesPage,
  studioSurveyResponsesQuery,
  studioSurveysResponse,
} from '@studio-gallery/contract';
import type { RevenueService } from '../../modules/studio-settings/revenue.service';
import type { StudioSettingsService } from '../../modules/studio-settings/studio-settings.service';
import type { StudioSurveysService } from '../../modules/studio-settings/studio-surveys.service';
import { currentUserId } from '../../plugins/auth';
import { type StudioAuthorizer, guardStudioRoutes } from './studio-access';

export interface StudioSettingsRoutesOptions {
  studio: StudioAuthorizer;
  settings: StudioSettingsService;
  surveys: StudioSurveysService;
  revenue: RevenueService;
}

/** No coupon or survey has this id in the matrix's database: admins and staff get the 404. */
const UNKNOWN_ID = 2_147_483_000;

/**
 * The studio's settings (issue 15 §4) under /api/studio: prices, turnaround and sales tax and coupons
 * (admins), survey answers and the home screen's revenue chart (staff). Guarded like every studio
 * route file (guardStudioRoutes); each change is recorded in the activity log.
 */
export const studioSettingsRoutes: FastifyPluginAsyncZod<StudioSettingsRoutesOptions> = async (app, { studio, settings, surveys, revenue }) => {
  const tags = ['studio'];
  guardStudioRoutes(app, studio);
  const actor = (request: Parameters<typeof currentUserId>[0]) => ({ id: currentUserId(request) });

  app.get(
    '/studio/prices',
    {
      config: { operation: { operationId: 'getStudioPrices', access: 'admin', answers: { 200: 'The prices, turnaround and sales tax' } } },
      schema: { tags, summary: "The studio's retouching prices, turnaround and sales tax (admin only)", response: { 200: studioPrices } },
    },
    async () => settings.prices(),
  );

  app.put(
    '/studio/prices',
    {
      config: {
        operation: {
          operationId: 'updateStudioPrices',
          access: 'admin',
          answers: { 200: 'The prices as saved' },
          sample: () => ({ body: { touchUpPrice: 10, backgroundPrice: 9, turnaroundHours: 72, taxPercent: 0 } }),
        },
      },
      schema: {
        tags,
        summary: 'Set the prices, turnaround and sales tax (admin only)',
        description:
          'Prices in dollars (0 to 10000, at most 2 decimals), turnaround in whole hours (1 to 720), sales tax in percent (0 to 100, at most 2 ' +
          'decimals: the checkout counts tax in basis points). What customers see and pay from the next cart on. Recorded in the activity log.',
        body: studioPricesRequest,
        response: { 200: studioPrices },
      },
    },
    async (request) => settings.updatePrices(actor(request), request.body),
  );

  app.get(
    '/studio/coupons',
    {
      config: { operation: { operationId: 'listStudioCoupons', access: 'admin', answers: { 200: 'Every coupon, newest first' } } },
      schema: {
        tags,
        summary: 'Coupons with their uses (admin only)',
        description: 'uses: orders that used the coupon; held: uses held by open card payments. state: what a customer entering it gets now.',
        response: { 200: studioCouponsResponse },
      },
    },
    async () => ({ items: await settings.coupons() }),
  );

  app.post(
    '/studio/coupons',
    {
      config: {
        operation: {
          operationId: 'createStudioCoupon',
          access: 'admin',
          answers: { 200: 'The new coupon' },
          errors: [409],
          sample: () => ({ body: { code: 'MATRIX-10', percent: 10, expiresOn: '2030-12-31', maxUses: 5 } }),
        },
      },
      schema: {
        tags,
        summary: 'Create a coupon (admin only)',
        description: `The code is saved upper-cased; 409 when it is taken ("${studioSettingsMessages.couponCodeTaken}"). expiresOn: the last day it works (through its end, UTC). Recorded in the activity log.`,
        body: studioCouponRequest,
        response: { 200: studioCoupon },
      },
    },
    async (request) => settings.createCoupon(actor(request), request.body),
  );

  for (const action of ['deactivate', 'activate'] as const) {
    app.post(
      `/studio/coupons/:id/${action}`,
      {
        config: {
          operation: {
            operationId: action === 'activate' ? 'activateStudioCoupon' : 'deactivateStudioCoupon',
            access: 'admin',
            answers: { 200: `The coupon, ${action}d` },
            errors: [404],
            expect: { admin: 404 },
            sample: () => ({ params: { id: UNKNOWN_ID } }),
          },
        },
        schema: {
          tags,
          summary: action === 'activate' ? 'Switch a coupon on (admin only)' : 'Switch a coupon off: customers can no longer use it (admin only)',
          description: 'Recorded in the activity log when it changes. 404: unknown coupon.',
          params: studioCouponParams,
          response: { 200: studioCoupon },
        },
      },
      async (request) => settings.setCouponActive(actor(request), request.params.id, action === 'activate'),
    );
  }

  app.get(
    '/studio/surveys',
    {
      config: { operation: { operationId: 'listStudioSurveys', access: 'staff', answers: { 200: 'The surveys with their questions and answer counts' } } },
      schema: { tags, summary: 'Surveys, their questions and how many answered', response: { 200: studioSurveysResponse } },
    },
    async () => ({ items: await surveys.list() }),
  );

  app.get(
    '/studio/surveys/:id/responses',
    {
      config: {
        operation: {
          operationId: 'listStudioSurveyResponses',
          access: 'staff',
          answers: { 200: "A page of the survey's answers, newest first" },
          errors: [404],
          expect: { staff: 404, admin: 404 },
          sample: () => ({ params: { id: UNKNOWN_ID }, query: { page: 1, pageSize: 10 } }),
        },
      },
      schema: {
        tags,
        summary: "A survey's answers, page by page",
        description: 'answers are keyed by question id (see GET /studio/surveys). 404: unknown survey.',
        params: studioSurveyParams,
        querystring: studioSurveyResponsesQuery,
        response: { 200: studioSurveyResponsesPage },
      },
    },
    async (request) => surveys.responses(request.params.id, request.query.page, request.query.pageSize),
  );

  app.get(
    '/studio/surveys/:id/responses.csv',
    {
      config: {
        operation: {
          operationId: 'exportStudioSurveyResponses',
          access: 'staff',
          answers: { 200: 'Every answer as CSV' },
          files: ['text/csv'],
          errors: [404],
          expect: { staff: 404, admin: 404 },
          sample: () => ({ params: { id: UNKNOWN_ID } }),
        },
      },
      schema: {
        tags,
        summary: "A survey's answers as a CSV file",
        description:
          'RFC 4180 (CRLF, quoted fields where needed), UTF-8: submitted_at, email, session_code, form_response_id, then one column per question ' +
          "(its label). An answer starting with = + - @ gets a leading ' so a spreadsheet does not run it. 404: unknown survey.",
        params: studioSurveyParams,
      },
    },
    async (request, reply) => {
      const { fileName, csv } = await surveys.csv(request.params.id);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('cache-control', 'no-store')
        .send(csv);
    },
  );

  app.get(
    '/studio/revenue',
    {
      config: {
        operation: { operationId: 'getStudioRevenue', access: 'staff', answers: { 200: 'Paid orders and revenue per ISO week' }, sample: () => ({ query: { weeks: 12 } }) },
      },
      schema: {
        tags,
        summary: 'Paid orders and revenue per week (the home screen chart)',
        description:
          "ISO weeks (Monday to Sunday) in the studio's time zone (the first active calendar's), the current week last; weeks without orders are zero. " +
          'Counts the card payments the checkout recorded (free orders have none).',
        querystring: studioRevenueQuery,
        response: { 200: studioRevenueResponse },
      },
    },
    async (request) => revenue.weekly(request.query.weeks),
  );
};
