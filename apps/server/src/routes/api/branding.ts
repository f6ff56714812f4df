import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import { corporateClientsQuery, corporateClientsResponse, sliderImagesResponse } from '@studio-gallery/contract';
import type { BrandingService } from '../../modules/branding/branding.service';

const SLIDER_DESCRIPTION =
  "The pictures of the request host's company (by its Host header, as the branding), in order; when the host is no company's, " +
  "or the company has none, the studio's (the default company's).";

/** Public: the login screen needs the branding before anyone signs in. */
export const brandingRoutes: FastifyPluginAsyncZod<{ branding: BrandingService }> = async (app, { branding }) => {
  const tags = ['branding'];

  app.get(
    '/corporate-clients',
    {
      config: {
        operation: { operationId: 'listCorporateClients', access: 'public', answers: { 200: "The host's branding, else the studio's default (a list of one)" } },
      },
      schema: {
        tags,
        summary: "Branding for a host (baseUrl.equals), else the studio's default",
        querystring: corporateClientsQuery,
        response: { 200: corporateClientsResponse },
      },
    },
    async (request) => branding.corporateClientsForHost(request.query['baseUrl.equals']),
  );

  app.get(
    '/background/GetAllGalleryRotateImage',
    {
      config: { operation: { operationId: 'listLoginSliderImages', access: 'public', answers: { 200: 'The login slider pictures, in order' } } },
      schema: { tags, summary: 'Login slider images', description: SLIDER_DESCRIPTION, response: { 200: sliderImagesResponse } },
    },
    async (request) => branding.sliderImages('gallery', request.host),
  );

  app.get(
    '/background/GetAllCorporateRotateImage',
    {
      config: { operation: { operationId: 'listSidebarSliderImages', access: 'public', answers: { 200: 'The sidebar promo pictures, in order' } } },
      schema: { tags, summary: 'Sidebar promo images', description: SLIDER_DESCRIPTION, response: { 200: sliderImagesResponse } },
    },
    async (request) => branding.sliderImages('corporate', request.host),
  );
};
