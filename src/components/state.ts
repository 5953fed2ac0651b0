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
/** The search drawer (spec 2 §2): pinned and open by default, remembered in this browser. */
export const searchDrawerAtom = atomWithStorage('console.searchDrawer', { pinned: true, open: true });

/** The overview's quick range and map mode (spec 3 §2: the range is remembered). */
export const overviewRangeAtom = atomWithStorage('console.overviewRange', 'last30Days');
export const overviewMapModeAtom = atomWithStorage<'heat' | 'scatter'>('console.overviewMapMode', 'heat');

export { StateProvider, useAtom, useAtomValue, useSetAtom };
