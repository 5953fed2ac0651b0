// Lawson–Hanson non-negative least squares, min ‖A x − b‖ subject to x ≥ 0, for the small dense problems of the
// inversion (rows ≤ a few hundred, columns ≤ ~10). Columns may be marked free (unconstrained sign, e.g. the
// intercept). A is row-major (m × n).

export interface NnlsResult {
  x: Float64Array;
  rss: number;
}

/** Solves the normal equations restricted to the passive set P by Cholesky (tiny n; ridge-regularized for safety). */
function solvePassive(ata: Float64Array, atb: Float64Array, n: number, passive: boolean[]): Float64Array {
  const idx: number[] = [];
  for (let j = 0; j < n; j++) if (passive[j]!) idx.push(j);
  const k = idx.length;
  const z = new Float64Array(n);
  if (k === 0) return z;
  const M = new Float64Array(k * k);
  const v = new Float64Array(k);
  for (let a = 0; a < k; a++) {
    v[a]! = atb[idx[a]!]!;
    for (let b = 0; b < k; b++) M[a * k + b]! = ata[idx[a]! * n + idx[b]!]!;
    M[a * k + a]! += 1e-12 * (1 + Math.abs(M[a * k + a]!));
  }
  // Cholesky in place.
  for (let i = 0; i < k; i++) {
    for (let j = 0; j <= i; j++) {
      let s = M[i * k + j]!;
      for (let q = 0; q < j; q++) s -= M[i * k + q]! * M[j * k + q]!;
      if (i === j) M[i * k + i]! = Math.sqrt(Math.max(s, 1e-300));
      else M[i * k + j]! = s / M[j * k + j]!;
    }
  }
  const y = new Float64Array(k);
  for (let i = 0; i < k; i++) {
    let s = v[i]!;
    for (let q = 0; q < i; q++) s -= M[i * k + q]! * y[q]!;
    y[i]! = s / M[i * k + i]!;
  }
  for (let i = k - 1; i >= 0; i--) {
    let s = y[i]!;
    for (let q = i + 1; q < k; q++) s -= M[q * k + i]! * y[q]!;
    y[i]! = s / M[i * k + i]!;
  }
  for (let a = 0; a < k; a++) z[idx[a]!]! = y[a]!;
  return z;
}

/** Lawson–Hanson on the normal equations (AᵀA, Aᵀb, bᵀb): fine for well-scaled problems with few columns. */
export function nnlsNormal(
  ata: Float64Array,
  atb: Float64Array,
  btb: number,
  n: number,
  free: boolean[] = [],
): NnlsResult {
  const x = new Float64Array(n);
  const passive = new Array<boolean>(n).fill(false);
  for (let j = 0; j < n; j++) if (free[j]!) passive[j]! = true;
  let scale = 0;
  for (let j = 0; j < n; j++) scale = Math.max(scale, ata[j * n + j]!);
  const tol = 1e-10 * Math.max(1, scale) * Math.max(1, Math.sqrt(Math.abs(btb)));
  if (passive.some(Boolean)) x.set(solvePassive(ata, atb, n, passive));
  for (let outer = 0; outer < 3 * n + 5; outer++) {
    // Gradient w = Aᵀ(b − Ax).
    let best = -1;
    let bestW = tol;
    for (let j = 0; j < n; j++) {
      if (passive[j]!) continue;
      let w = atb[j]!;
      for (let q = 0; q < n; q++) w -= ata[j * n + q]! * x[q]!;
      if (w > bestW) {
        bestW = w;
        best = j;
      }
    }
    if (best < 0) break;
    passive[best]! = true;
    for (let inner = 0; inner < 3 * n + 5; inner++) {
      const z = solvePassive(ata, atb, n, passive);
      let ok = true;
      for (let j = 0; j < n; j++) if (passive[j]! && !free[j]! && z[j]! <= 0) ok = false;
      if (ok) {
        x.set(z);
        break;
      }
      let alpha = 1;
      for (let j = 0; j < n; j++) {
        if (passive[j]! && !free[j]! && z[j]! <= 0) {
          const a = x[j]! / (x[j]! - z[j]!);
          if (a < alpha) alpha = a;
        }
      }
      for (let j = 0; j < n; j++) x[j]! += alpha * (z[j]! - x[j]!);
      for (let j = 0; j < n; j++) {
        if (passive[j]! && !free[j]! && x[j]! <= 1e-15) {
          passive[j]! = false;
          x[j]! = 0;
        }
      }
    }
  }
  // RSS = bᵀb − 2xᵀAᵀb + xᵀAᵀAx.
  let rss = btb;
  for (let j = 0; j < n; j++) {
    rss -= 2 * x[j]! * atb[j]!;
    for (let q = 0; q < n; q++) rss += x[j]! * ata[j * n + q]! * x[q]!;
  }
  return { x, rss: Math.max(0, rss) };
}

/** NNLS from a row-major design matrix. */
export function nnls(A: Float64Array, b: Float64Array, m: number, n: number, free: boolean[] = []): NnlsResult {
  const ata = new Float64Array(n * n);
  const atb = new Float64Array(n);
  let btb = 0;
  for (let i = 0; i < m; i++) {
    const bi = b[i]!;
    btb += bi * bi;
    for (let j = 0; j < n; j++) {
      const aij = A[i * n + j]!;
      if (aij === 0) continue;
      atb[j]! += aij * bi;
      for (let q = 0; q < n; q++) ata[j * n + q]! += aij * A[i * n + q]!;
    }
  }
  return nnlsNormal(ata, atb, btb, n, free);
}
