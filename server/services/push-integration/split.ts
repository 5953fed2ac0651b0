// Request bodies of a push: the envelope's fields plus "records": [...], cut so that no body is larger than the
// integration's maximum request size (UTF-8 bytes). Records are never split; they keep their order.

export class RecordTooLargeError extends Error {
  constructor(
    public readonly recordBytes: number,
    public readonly maxBytes: number,
    public readonly record: string,
  ) {
    super(`A record needs a request of ${recordBytes} bytes, more than the maximum request size of ${maxBytes} bytes`);
  }
}

const bytes = (s: string) => Buffer.byteLength(s, 'utf8');

/** One body when maxBytes is null; otherwise as few bodies as fit, each at most maxBytes. */
export function splitIntoBodies(
  envelope: Record<string, unknown>,
  records: readonly unknown[],
  maxBytes: number | null,
): string[] {
  const head = JSON.stringify(envelope);
  const open = `${head.slice(0, -1)}${head === '{}' ? '' : ','}"records":[`;
  const close = ']}';
  const frame = bytes(open) + bytes(close);
  const bodies: string[] = [];
  let parts: string[] = [];
  let size = frame;
  for (const record of records) {
    const json = JSON.stringify(record);
    const n = bytes(json);
    if (maxBytes !== null && frame + n > maxBytes) throw new RecordTooLargeError(frame + n, maxBytes, json);
    // A comma joins every record after the first.
    const added = parts.length ? n + 1 : n;
    if (maxBytes !== null && parts.length && size + added > maxBytes) {
      bodies.push(open + parts.join(',') + close);
      parts = [];
      size = frame;
    }
    size += parts.length ? n + 1 : n;
    parts.push(json);
  }
  if (parts.length) bodies.push(open + parts.join(',') + close);
  return bodies;
}
