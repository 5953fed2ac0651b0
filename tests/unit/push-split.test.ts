// Request splitting of push integrations: no body over the maximum, records whole and in order, one body without one.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RecordTooLargeError, splitIntoBodies } from '../../server/services/push-integration/split';

const envelope = { integrationId: 7, dataType: 'Alarms', ch4RateUnit: 'kg/h', ch4VolumeUnit: 'kg' };
const bytes = (s: string) => Buffer.byteLength(s, 'utf8');
const recordsOf = (bodies: string[]) => bodies.flatMap((b) => (JSON.parse(b) as { records: unknown[] }).records);

describe('splitIntoBodies', () => {
  it('sends everything in one body when there is no maximum', () => {
    const records = Array.from({ length: 300 }, (_, i) => ({ id: i, site: 'Pad 1', value: i * 1.5 }));
    const bodies = splitIntoBodies(envelope, records, null);
    expect(bodies).toHaveLength(1);
    expect(JSON.parse(bodies[0]!)).toEqual({ ...envelope, records });
  });

  it('cuts at the maximum: every body fits, every record arrives once and in order, with the envelope', () => {
    const records = Array.from({ length: 400 }, (_, i) => ({ id: i, note: 'é'.repeat(i % 40) }));
    const bodies = splitIntoBodies(envelope, records, 10_000);
    expect(bodies.length).toBeGreaterThan(1);
    for (const b of bodies) {
      expect(bytes(b)).toBeLessThanOrEqual(10_000);
      expect(JSON.parse(b)).toMatchObject(envelope);
    }
    expect(recordsOf(bodies)).toEqual(records);
  });

  it('fills each body as far as the next record allows (an exact fit stays in one body)', () => {
    const one = splitIntoBodies(envelope, [{ id: 1 }, { id: 2 }], null)[0]!;
    expect(splitIntoBodies(envelope, [{ id: 1 }, { id: 2 }], bytes(one))).toEqual([one]);
    expect(splitIntoBodies(envelope, [{ id: 1 }, { id: 2 }], bytes(one) - 1)).toHaveLength(2);
  });

  it('refuses a record that cannot fit in any request', () => {
    expect(() => splitIntoBodies(envelope, [{ blob: 'x'.repeat(20_000) }], 10_000)).toThrow(RecordTooLargeError);
  });

  it('sends nothing for no records', () => {
    expect(splitIntoBodies(envelope, [], 10_000)).toEqual([]);
  });

  it('holds for any records and any maximum (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ id: fc.nat(), text: fc.string({ maxLength: 200 }) }), { maxLength: 200 }),
        fc.integer({ min: 10_000, max: 40_000 }),
        (records, max) => {
          const bodies = splitIntoBodies(envelope, records, max);
          for (const b of bodies) expect(bytes(b)).toBeLessThanOrEqual(max);
          expect(recordsOf(bodies)).toEqual(records);
        },
      ),
      { numRuns: 100 },
    );
  });
});
