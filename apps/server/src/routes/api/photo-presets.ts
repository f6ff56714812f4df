import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import { createProcessingRequest, photoResponse, presetMessages, processedSampleParams, processedSamplesResponse } from '@studio-gallery/contract';
import type { PhotoPresetsService } from '../../modules/editor/photo-presets.service';
import { THE_PHOTO, identifyViewers, photoWrite, viewerOf } from './gallery';

export interface PhotoPresetsRoutesOptions {
  presets: PhotoPresetsService;
}

const WHO = `The photo's signed-in owner only; visitors with a session code: 403 ("${presetMessages.presetsNeedLogin}"); another customer's photo: 404. 503 while the server is busy with other image work of this kind.`;

/** The legacy presets (spec §4 "Legacy preset", §7 GetProcessedSample and CreateRequest). */
export const photoPresetsRoutes: FastifyPluginAsyncZod<PhotoPresetsRoutesOptions> = async (app, { presets }) => {
  const tags = ['editor'];
  identifyViewers(app);

  app.get(
    '/Photos/GetProcessedSample/:imageId',
    {
      config: {
        operation: {
          ...photoWrite,
          operationId: 'getProcessedSamples',
          answers: { 200: 'Every preset, each with a small JPEG of the photo made with it' },
          errors: [...photoWrite.errors, 503],
          sample: (r) => ({ params: { imageId: r.photoId } }),
        },
      },
      schema: {
        tags,
        summary: 'The legacy presets made from a photo, with small samples',
        description:
          'The free AI retouch at its default strength, alone (natural) or with the person cut out and laid on a colour ' +
          '(studio-grey #868487, white #FFFFFF), made from the photo as the editor opens it (the retouched version when there is one). ' +
          `Each sample is a JPEG data: URL at most 480 px on its long edge. ${WHO}`,
        params: processedSampleParams,
        response: { 200: processedSamplesResponse },
      },
    },
    async (request) => presets.samples(viewerOf(request), request.params.imageId),
  );

  app.post(
    '/PhotoProcessor/CreateRequest',
    {
      config: {
        operation: {
          ...photoWrite,
          operationId: 'applyPhotoPreset',
          answers: { 200: `${THE_PHOTO}, showing the edited version the preset made` },
          errors: [...photoWrite.errors, 503],
          sample: (r) => ({ body: { imageId: r.photoId, presetId: 'studio-grey' } }),
        },
      },
      schema: {
        tags,
        summary: 'Apply a legacy preset at full size and save it as the photo’s edited version',
        description:
          'Makes the preset from the photo’s full-size file (the retouched version when there is one) and saves it as ' +
          'save-edited-image does: a new edited version with every rendition, replacing any earlier edit; the original and any ' +
          'retouch are kept. Its editRecipe is the retouch at strength 0.5 and, for a coloured preset, the background colour at ' +
          `opacity 100, so that the editor reopens it. ${WHO}`,
        body: createProcessingRequest,
        response: { 200: photoResponse },
      },
    },
    async (request) => presets.apply(viewerOf(request), request.body.imageId, request.body.presetId),
  );
};
