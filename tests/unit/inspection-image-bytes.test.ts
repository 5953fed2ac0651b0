// The inspection image's bytes as base64, read in chunks (large images would overflow one String.fromCharCode call).
import { describe, expect, it } from 'vitest';
import { bytesToBase64, idValue } from '@/entities/inspection/use-inspection-form';

describe('inspection form values', () => {
  it('encodes bytes across chunk boundaries as base64', () => {
    const bytes = new Uint8Array(0x8000 * 2 + 5).map((_, i) => (i * 31) % 256);
    expect(bytesToBase64(bytes)).toBe(Buffer.from(bytes).toString('base64'));
    expect(bytesToBase64(new Uint8Array())).toBe('');
  });

  it('reads a blank select as none and a chosen one as its id', () => {
    expect(idValue('')).toBeNull();
    expect(idValue(undefined)).toBeNull();
    expect(idValue('12')).toBe(12);
  });
});
