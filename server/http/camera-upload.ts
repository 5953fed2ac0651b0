// The multipart body of a camera event (POST /api/camera/ingestEvent/): the picture in the file field `image`, at
// most CAMERA_IMAGE_LIMIT_BYTES; the multipart reader stops at the limit, so an oversized picture is never buffered.
import type { FastifyRequest } from 'fastify';
import { CAMERA_IMAGE_LIMIT_BYTES, CAMERA_MESSAGES } from '@/domain/camera';
import type { CameraUpload } from '../services/camera';
import { DomainError } from '../services/errors';

const refuse = (message: string) => new DomainError('Invalid', message, { image: [message] });

export async function readCameraUpload(request: FastifyRequest): Promise<CameraUpload> {
  if (!request.isMultipart()) throw refuse(CAMERA_MESSAGES.imageRequired);
  let upload: CameraUpload | null = null;
  for await (const part of request.parts({ limits: { fileSize: CAMERA_IMAGE_LIMIT_BYTES, files: 1, fields: 4 } })) {
    if (part.type === 'field') continue;
    if (part.fieldname !== 'image') {
      await part.toBuffer().catch(() => undefined);
      continue;
    }
    try {
      upload = { bytes: await part.toBuffer(), filename: safeFilename(part.filename) };
    } catch {
      throw refuse(CAMERA_MESSAGES.imageTooLarge);
    }
  }
  if (!upload || upload.bytes.length === 0) throw refuse(CAMERA_MESSAGES.imageRequired);
  return upload;
}

/** The base name without path or control characters, at most 120 characters. */
export function safeFilename(name: string | undefined): string | null {
  const base = (name ?? '').split(/[\\/]/).pop() ?? '';
  const clean = base
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f]/g, '')
    .trim()
    .slice(0, 120);
  return clean.length > 0 ? clean : null;
}
