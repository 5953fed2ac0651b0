// Every random stream of a run derives from (layout, seed, siteIndex) and, where the period matters, its start.
import type { LayoutName } from './types';
import { hashSeed } from './rng';

export type Stream =
  'site' | 'roughness' | 'weather' | 'releases' | 'offsite' | 'particles' | 'meander' | 'measure' | 'faults';

export function streamSeed(layout: LayoutName, seed: number, siteIndex: number, stream: Stream, start = 0): number {
  // The site (layout, origin, roughness) does not depend on the period; everything else does.
  return stream === 'site' || stream === 'roughness'
    ? hashSeed('truth', layout, seed, siteIndex, stream)
    : hashSeed('truth', layout, seed, siteIndex, stream, start);
}
