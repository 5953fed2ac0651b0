// Marks a navigation as the user's own (typed address, bookmark, return from sign-in) rather than a click inside the
// console, so the permission guard can tell 'you may not open this page' from 'this page no longer applies'.
import type { Location } from 'react-router';

export const directNavigationState = { direct: true } as const;

export function isDirectNavigation(location: Pick<Location, 'key' | 'state'>): boolean {
  // 'default' is the entry the page loaded with.
  if (location.key === 'default') return true;
  const state: unknown = location.state;
  return typeof state === 'object' && state !== null && (state as { direct?: unknown }).direct === true;
}
