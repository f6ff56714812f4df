import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import { corporateClientsQuery, corporateClientsResponse, sliderImagesResponse } from '@studio-gallery/contract';
import type { BrandingService } from '../../modules/branding/branding.service';
import { errorResponses } from './responses';

/** Public: the login screen needs the branding before anyone signs in. */
export const brandingRoutes: FastifyPluginAsyncZod<{ branding: BrandingService }> = async (app, { branding }) => {
  const tags = ['branding'];

  app.get(
    '/corporate-clients',
    {
      schema: {
        tags,
        summary: "Branding for a host (baseUrl.equals), else the studio's default",
        querystring: corporateClientsQuery,
        response: { 200: corporateClientsResponse, ...errorResponses },
      },
    },
    async (request) => branding.corporateClientsForHost(request.query['baseUrl.equals']),
  );

  app.get(
    '/background/GetAllGalleryRotateImage',
    { schema: { tags, summary: 'Login slider images', response: { 200: sliderImagesResponse, ...errorResponses } } },
    async () => branding.sliderImages('gallery'),
  );

  app.get(
    '/background/GetAllCorporateRotateImage',
    { schema: { tags, summary: 'Sidebar promo images', response: { 200: sliderImagesResponse, ...errorResponses } } },
    async () => branding.sliderImages('corporate'),
  );
};
