// UI state shared across the shell (the only module that imports jotai).
import { atom, createStore, Provider as StateProvider, useAtom, useAtomValue, useSetAtom } from 'jotai';
import { atomWithStorage } from 'jotai/utils';

export const appStore = createStore();

export type ToastVariant = 'success' | 'warning' | 'error' | 'info';
export interface Toast {
  id: number;
  text: string;
  variant: ToastVariant;
  /** Buttons beside the text; a persistent toast stays until one of them or the close button is used. */
  actions?: readonly { label: string; onClick: () => void }[];
  persistent?: boolean;
}

export const toastsAtom = atom<Toast[]>([]);
export const maintenanceAtom = atom(false);
/** Set when an answer carries a dashboard version other than the one this page loaded with. */
export const newVersionAtom = atom(false);
/** The latest 401/403 the API answered, for the shell to act on. */
export const authFailureAtom = atom<{ status: 401 | 403; detail: string; at: number } | null>(null);
export const navCollapsedAtom = atomWithStorage('console.navCollapsed', false);
/** Below this width the pinned search drawer would push grids into sideways scrolling (issue 25 'Layout'). */
export const SEARCH_DRAWER_OPEN_MIN_WIDTH = 1800;
export interface SearchDrawerState {
  pinned: boolean;
  open: boolean;
}
const searchDrawerAtoms = new Map<number, ReturnType<typeof atomWithStorage<SearchDrawerState>>>();
/**
 * The search drawer (spec 2 §2), remembered per user in this browser: pinned, and open by default only on screens at
 * least 1,800 px wide; a user's own choice wins afterwards.
 */
export function searchDrawerAtom(userId: number) {
  let a = searchDrawerAtoms.get(userId);
  if (!a) {
    const initial = {
      pinned: true,
      open: typeof window !== 'undefined' && window.innerWidth >= SEARCH_DRAWER_OPEN_MIN_WIDTH,
    };
    a = atomWithStorage<SearchDrawerState>(`console.searchDrawer.${userId}`, initial, undefined, { getOnInit: true });
    searchDrawerAtoms.set(userId, a);
  }
  return a;
}

/** The overview's quick range and map mode (spec 3 §2: the range is remembered). */
export const overviewRangeAtom = atomWithStorage('console.overviewRange', 'last30Days');
export const overviewMapModeAtom = atomWithStorage<'heat' | 'scatter'>('console.overviewMapMode', 'heat');

export { StateProvider, useAtom, useAtomValue, useSetAtom };
