// A camera event's picture, fetched with the bearer token; a grey box of the same size while it loads.
import type { CameraEvent } from '@/contracts/camera';
import { useCameraImageUrl } from './camera-api';

export function CameraImage({
  organizationId,
  event,
  alt,
  height,
  className = '',
}: {
  organizationId: number;
  event: CameraEvent;
  alt: string;
  /** Pixels; the width follows the picture's aspect. */
  height: number;
  className?: string;
}) {
  const { url, failed } = useCameraImageUrl(organizationId, event.id);
  const width = Math.round((height * event.width) / Math.max(1, event.height));
  if (failed)
    return (
      <span
        role="img"
        aria-label={`${alt} (the picture could not be loaded)`}
        className={`flex items-center justify-center bg-base-200 text-xs text-error ${className}`}
        style={{ width, height }}
      >
        Picture unavailable
      </span>
    );
  if (!url)
    return (
      <span
        role="img"
        aria-label={`${alt} (loading)`}
        className={`block animate-pulse bg-base-300 ${className}`}
        style={{ width, height }}
      />
    );
  return <img src={url} alt={alt} width={width} height={height} className={className} style={{ width, height }} />;
}
