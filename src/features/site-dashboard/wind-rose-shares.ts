// The site's wind rose: its readings binned by the compute core's rose kernel in the geo worker, off the page.
import { useEffect, useState } from 'react';
import { geoClient } from '@/compute/geo-client';
import { ROSE_SECTORS, windRoseShares } from '@/domain/site-map';

type Shares = ReturnType<typeof windRoseShares>;

/** Sector shares of the directions (NaN left out); empty shares while the first binning runs. */
export function useWindRoseShares(directions: readonly number[] | null): Shares {
  const [shares, setShares] = useState<Shares>(() => windRoseShares(new Uint32Array(ROSE_SECTORS), 0));
  useEffect(() => {
    if (!directions) return;
    let current = true;
    // Fresh columns: the geo worker takes them by transfer.
    const columns = Float32Array.from(directions);
    void geoClient
      .binRose(columns, new Float32Array(columns.length), ROSE_SECTORS, new Float32Array(0))
      .then((r) => current && setShares(windRoseShares(r.counts, r.counted)));
    return () => {
      current = false;
    };
  }, [directions]);
  return shares;
}
