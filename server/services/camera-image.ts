// A camera's picture is checked before it is stored, as basemap images are (spec 3 §9): its bytes must be a PNG or
// JPEG (not what the upload claims), whole (a PNG's chunks run to IEND, a JPEG ends with its EOI marker), and of a
// size a browser can decode (at most CAMERA_IMAGE_MAX_SIDE on a side, the frame read from the header alone).
import { readImageHeader } from '@/codec/image-header';
import { FileParseError } from '@/codec/file-errors';
import { CAMERA_IMAGE_MAX_SIDE, CAMERA_MESSAGES, type CameraImageType } from '@/domain/camera';
import { DomainError } from './errors';

export interface CheckedCameraImage {
  contentType: CameraImageType;
  width: number;
  height: number;
}

const refuse = (message: string) => new DomainError('Invalid', message, { image: [message] });

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

export function checkCameraImage(bytes: Uint8Array): CheckedCameraImage {
  const isPng = bytes.length >= 8 && PNG_SIGNATURE.every((b, i) => bytes[i] === b);
  const isJpeg = bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff;
  if (!isPng && !isJpeg) throw refuse(CAMERA_MESSAGES.imageType);
  let header;
  try {
    header = readImageHeader(bytes, 'The image');
  } catch (e) {
    // A PNG too short for its header, or a JPEG whose markers run out before the frame: cut off.
    if (e instanceof FileParseError) throw refuse(CAMERA_MESSAGES.imageTruncated);
    throw e;
  }
  if (isPng ? !pngIsWhole(bytes) : !jpegIsWhole(bytes)) throw refuse(CAMERA_MESSAGES.imageTruncated);
  const { width, height } = header;
  if (width < 1 || height < 1 || width > CAMERA_IMAGE_MAX_SIDE || height > CAMERA_IMAGE_MAX_SIDE)
    throw refuse(CAMERA_MESSAGES.imageDimensions);
  return { contentType: header.mime, width, height };
}

/** The chunks (length, type, data, CRC) follow one another exactly to IEND and IHDR comes first. */
function pngIsWhole(bytes: Uint8Array): boolean {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let at = 8;
  let first = true;
  while (at + 12 <= bytes.length) {
    const length = view.getUint32(at);
    const type = String.fromCharCode(bytes[at + 4]!, bytes[at + 5]!, bytes[at + 6]!, bytes[at + 7]!);
    if (first && type !== 'IHDR') return false;
    first = false;
    const next = at + 12 + length;
    if (next > bytes.length) return false;
    if (type === 'IEND') return true;
    at = next;
  }
  return false;
}

/** A JPEG ends with its EOI marker (FF D9); trailing padding after it is tolerated. */
function jpegIsWhole(bytes: Uint8Array): boolean {
  let end = bytes.length;
  while (end > 2 && bytes[end - 1] === 0x00) end--;
  return end >= 4 && bytes[end - 2] === 0xff && bytes[end - 1] === 0xd9;
}
