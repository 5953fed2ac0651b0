// The multipart body of a basemap save (spec 3 §3 'Basemap', §9): the `basemap` JSON field and the optional `image`
// file, a PNG or JPEG of at most 2 MB whose bytes are what its type says.
import type { FastifyRequest } from 'fastify';
import { basemapEditFieldsSchema } from '@/contracts/site-edit';
import {
  BASEMAP_FORM_MESSAGES,
  BASEMAP_IMAGE_LIMIT_BYTES,
  BASEMAP_IMAGE_TYPES,
  type BasemapImageType,
} from '@/domain/basemap';
import { DomainError, parseOrThrow } from '../services/errors';
import type { BasemapUpload } from '../services/site-basemap';

/** Reads the multipart body: the `basemap` JSON field and the optional `image` file (PNG or JPEG, at most 2 MB). */
export async function readBasemapUpload(request: FastifyRequest): Promise<BasemapUpload> {
  if (!request.isMultipart())
    throw new DomainError('Invalid', 'The request is not valid.', { basemap: ['The basemap is required'] });
  let fieldsText: string | null = null;
  let image: BasemapUpload['image'] = null;
  for await (const part of request.parts({ limits: { fileSize: BASEMAP_IMAGE_LIMIT_BYTES, files: 1, fields: 1 } })) {
    if (part.type === 'field') {
      if (part.fieldname === 'basemap' && typeof part.value === 'string') fieldsText = part.value;
      continue;
    }
    if (part.fieldname !== 'image') {
      await part.toBuffer().catch(() => undefined);
      continue;
    }
    let content: Buffer;
    try {
      content = await part.toBuffer();
    } catch {
      // @fastify/multipart stops at the limit: more than 2 MB encoded (spec 3 §9).
      throw new DomainError('Invalid', BASEMAP_FORM_MESSAGES.imageTooLarge, {
        image: [BASEMAP_FORM_MESSAGES.imageTooLarge],
      });
    }
    const mimeType = BASEMAP_IMAGE_TYPES.find((t) => t === part.mimetype.toLowerCase());
    if (!mimeType || !looksLike(mimeType, content))
      throw new DomainError('Invalid', BASEMAP_FORM_MESSAGES.imageType, { image: [BASEMAP_FORM_MESSAGES.imageType] });
    image = { mimeType, content };
  }
  let json: unknown = null;
  try {
    json = fieldsText === null ? null : JSON.parse(fieldsText);
  } catch {
    json = null;
  }
  return { fields: parseOrThrow(basemapEditFieldsSchema, json, null as never), image };
}

/** The bytes must be what the type says, so the image route never serves something else under an image type. */
function looksLike(mimeType: BasemapImageType, b: Buffer): boolean {
  if (mimeType === 'image/png') return b.length > 8 && b[0] === 0x89 && b[1] === 0x50 && b[2] === 0x4e && b[3] === 0x47;
  return b.length > 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff;
}
