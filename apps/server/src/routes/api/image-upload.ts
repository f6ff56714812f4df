import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { PayloadTooLargeError, ValidationError } from '../../errors';

/** Content types an image upload may be sent as raw; its content decides whether it is an image. */
const IMAGE_CONTENT_TYPES = /^(?:application\/octet-stream|image\/)/;
/** What multipart/form-data adds around the file: boundaries, headers, a few small fields. */
export const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

export interface ImageUpload {
  data: Buffer;
  /** The file's name, when it came as multipart/form-data. */
  fileName: string | undefined;
}

const tooLarge = (maxBytes: number) => new PayloadTooLargeError(`The image is larger than ${maxBytes / 1024 / 1024} MB. Choose a smaller file.`);

/**
 * Makes the routes of `scope` take an image file: the file's bytes as the body (image/* or
 * application/octet-stream) or multipart/form-data with one file, at most `maxBytes`. A body that
 * announces more is refused at once (413, naming the limit), before it is read. The routes give
 * themselves `bodyLimit: maxBytes + MULTIPART_OVERHEAD_BYTES`.
 */
export async function acceptImageUploads(scope: FastifyInstance, maxBytes: number): Promise<void> {
  scope.addContentTypeParser(IMAGE_CONTENT_TYPES, { parseAs: 'buffer', bodyLimit: maxBytes }, (_request, body, done) => done(null, body));
  await scope.register(multipart, { limits: { fileSize: maxBytes, files: 1, fields: 5 } });
  scope.addHook('onRequest', async (request) => {
    const announced = Number(request.headers['content-length'] ?? 0);
    const allowed = request.headers['content-type']?.startsWith('multipart/') ? maxBytes + MULTIPART_OVERHEAD_BYTES : maxBytes;
    if (announced > allowed) throw tooLarge(maxBytes);
  });
}

/** The uploaded file of a route in an acceptImageUploads scope; 400 when there is none, 413 when too large. */
export async function imageUploadOf(request: FastifyRequest, maxBytes: number): Promise<ImageUpload> {
  let data: Buffer | undefined;
  let fileName: string | undefined;
  if (request.isMultipart()) {
    const file = await request.file();
    if (file) {
      fileName = file.filename || undefined;
      try {
        data = await file.toBuffer();
      } catch (error) {
        if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge(maxBytes);
        throw error;
      }
      // toBuffer throws only when the limit was hit before its last chunk: a file cut at the limit is refused too.
      if (file.file.truncated) throw tooLarge(maxBytes);
    }
  } else if (Buffer.isBuffer(request.body)) data = request.body;
  if (!data || data.length === 0) throw new ValidationError('Please send the image file as the body of the request (or as multipart/form-data).');
  return { data, fileName };
}
