// UI state shared across the shell (the only module that imports jotai).
import { atom, createStore, Provider as StateProvider, useAtom, useAtomValue, useSetAtom } from 'jotai';
import { atomWithStorage } from 'jotai/utils';

export const appStore = createStore();

export type ToastVariant = 'success' | 'warning' | 'error' | 'info';
export interface Toast {
  id: number;
  text: string;
  variant: ToastVariant;
}

export const toastsAtom = atom<Toast[]>([]);
/** An answer was 503 (or the configuration says so): the Under Maintenance page replaces everything. */
export const maintenanceAtom = atom(false);
/** The dashboard version an answer carried when it differs from the one this page loaded with. */
export const newVersionAtom = atom<string | null>(null);
/** The latest refused answer, for the signed-in tree to act on: session expired, or access denied. */
export type AuthFailure = { kind: 'expired'; at: number } | { kind: 'access-denied'; to: 'organization' | 'page'; at: number };
export const authFailureAtom = atom<AuthFailure | null>(null);
/** Navigation bar collapsed, remembered in this browser. */
export const navCollapsedAtom = atomWithStorage('console.navCollapsed', false);

export { StateProvider, useAtom, useAtomValue, useSetAtom };
