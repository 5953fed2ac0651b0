// The client sends nested filters as dotted query parameters (siteFilter.includeDeletedSites=true, spec 1 §7).
export function expandDottedQuery(flat: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(flat)) {
    const parts = key.split('.');
    // Refuse prototype keys outright rather than trusting later validation.
    if (parts.some((p) => p === '__proto__' || p === 'constructor' || p === 'prototype' || p === '')) continue;
    let node: Record<string, unknown> = out;
    for (const part of parts.slice(0, -1)) {
      const next = node[part];
      if (typeof next !== 'object' || next === null || Array.isArray(next)) node[part] = {};
      node = node[part] as Record<string, unknown>;
    }
    node[parts[parts.length - 1]!] = value;
  }
  return out;
}
