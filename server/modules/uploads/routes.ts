import { randomBytes } from 'node:crypto';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsync, FastifyRequest, FastifySchema } from 'fastify';
import { UPLOAD_MAX_BYTES, uploadResponseSchema } from '../../../contracts/admin-products.ts';
import type { Database } from '../../db/client.ts';
import type { KeyLimit } from '../../http/address-limit.ts';
import { HttpError } from '../../http/errors.ts';
import { requireCustomer, requirePermission } from '../accounts/auth-plugin.ts';
import { recordAudit } from '../audit/audit-log.ts';
import { detectImageType, IMAGE_TYPES, type ImageExtension } from './image-type.ts';
import { reencodeImage, UPLOAD_MAX_PIXELS } from './reencode-image.ts';
import { recordReturnPhoto } from './return-photos.ts';
import type { UploadStorage } from './upload-storage.ts';

/** Where uploaded pictures are served from; their names are random, so a name never changes its content. */
export const UPLOADS_PATH = '/uploads';
const STORED_NAME = /^[a-f0-9]{32}\.(png|jpg|webp)$/;
const TOO_LARGE = `The image must be ${UPLOAD_MAX_BYTES / 1024 / 1024} MB or smaller`;
const NOT_AN_IMAGE = 'The file must be a PNG, JPEG or WebP image';
const UNREADABLE = 'The image is damaged and could not be read';
const TOO_MANY_PIXELS = `The image must be at most ${UPLOAD_MAX_PIXELS / 1_000_000} megapixels`;

/** The body is multipart, read as it streams rather than validated whole, so the document describes it in words. */
const UPLOAD_SCHEMA = {
  description: `multipart/form-data with the image in the field \`file\`: PNG, JPEG or WebP, at most ${UPLOAD_MAX_BYTES / 1024 / 1024} MB. It is re-encoded without its metadata and stored under a random name.`,
  response: { 201: uploadResponseSchema },
} satisfies FastifySchema;

const fileError = (status: number, message: string) => new HttpError(status, message, [{ field: 'file', message }]);

/**
 * `POST /api/admin/uploads` (multipart, field `file`): an admin's product picture, re-encoded without metadata and
 * kept in the upload storage (`DATA_DIR/uploads` or S3) with a random name (admin-only before the body is read);
 * and `POST /api/uploads/return-photos`, the same for a signed-in customer's return photo, within the customer's
 * daily allowance (`returnPhotoLimit`, checked before the body is read) and kept a day for a return to claim.
 */
export const uploadRoutes =
  (options: { storage: UploadStorage; db: Database; returnPhotoLimit: KeyLimit }): FastifyPluginAsync =>
  async (app) => {
    // Scoped to this plugin: no other route accepts multipart bodies.
    await app.register(multipart, { limits: { fileSize: UPLOAD_MAX_BYTES, files: 1, fields: 5, parts: 6 } });

    app.post('/admin/uploads', { onRequest: requirePermission('products.write'), bodyLimit: UPLOAD_MAX_BYTES + 64 * 1024, schema: UPLOAD_SCHEMA }, async (request, reply) => {
      const stored = await storeImage(request, options.storage);
      await recordAudit(options.db, {
        actorId: request.user!.id,
        action: 'upload.create',
        targetType: 'upload',
        targetId: stored.name,
        details: { before: null, after: { url: stored.url, contentType: stored.contentType, bytes: stored.bytes } },
      });
      return reply.status(201).send({ success: true, url: stored.url });
    });

    // A customer's photo for a return request (damaged bottle, wrong potion): the same checks and re-encoding.
    // Each upload costs a re-encoding and storage whether or not a return ever uses it: counted per customer.
    const withinAllowance = async (request: FastifyRequest) => options.returnPhotoLimit(request.user!.id);
    app.post('/uploads/return-photos', { onRequest: [requireCustomer, withinAllowance], bodyLimit: UPLOAD_MAX_BYTES + 64 * 1024, schema: UPLOAD_SCHEMA }, async (request, reply) => {
      const stored = await storeImage(request, options.storage);
      await recordReturnPhoto(options.db, request.user!.id, stored.name);
      return reply.status(201).send({ success: true, url: stored.url });
    });
  };

/** Reads the multipart field `file`, refuses anything but a sound PNG, JPEG or WebP, and keeps only its re-encoding. */
async function storeImage(request: FastifyRequest, storage: UploadStorage): Promise<{ name: string; url: string; contentType: string; bytes: number }> {
  if (!request.isMultipart()) throw fileError(400, 'Send the image as multipart/form-data in the field "file"');
  let bytes: Buffer;
  try {
    const part = await request.file();
    if (!part || part.fieldname !== 'file') throw fileError(400, 'Choose an image to upload in the field "file"');
    bytes = await part.toBuffer();
  } catch (error) {
    if (error instanceof HttpError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE' || (error as { statusCode?: number }).statusCode === 413) throw fileError(413, TOO_LARGE);
    throw error;
  }
  const type = detectImageType(bytes);
  if (!type) throw fileError(400, NOT_AN_IMAGE);
  if (bytes.length === 0) throw fileError(400, NOT_AN_IMAGE);
  // Never store what was sent: only the re-encoded pixels, in the format the bytes declared.
  const clean = await reencodeImage(bytes, type);
  if (!clean.ok) throw fileError(400, clean.reason === 'too-many-pixels' ? TOO_MANY_PIXELS : UNREADABLE);
  const name = `${randomBytes(16).toString('hex')}.${type}`;
  await storage.save(name, clean.bytes, IMAGE_TYPES[type]);
  return { name, url: `${UPLOADS_PATH}/${name}`, contentType: IMAGE_TYPES[type], bytes: clean.bytes.length };
}

/**
 * `GET /uploads/:name`: a stored picture with its own content type, cached for a year (names never change), from
 * whichever storage holds it, so the URL is the same on disk and on S3.
 */
export const uploadedFileRoutes =
  (storage: UploadStorage): FastifyPluginAsync =>
  async (app) => {
    app.get<{ Params: { name: string } }>(`${UPLOADS_PATH}/:name`, async (request, reply) => {
      const { name } = request.params;
      const missing = () => reply.status(404).type('text/plain; charset=utf-8').send('Not found');
      if (!STORED_NAME.test(name)) return missing();
      const file = await storage.open(name);
      if (!file) return missing();
      const extension = name.slice(name.lastIndexOf('.') + 1) as ImageExtension;
      if (file.size !== undefined) void reply.header('content-length', file.size);
      return reply
        .header('content-type', IMAGE_TYPES[extension])
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff')
        .send(file.body);
    });
  };
