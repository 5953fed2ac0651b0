// The demo cameras' compute thread (server/services/compute-thread.ts): for candidate moments, newest first, it
// checks on a small render whether the plume shows in the camera's view and renders the PNG of those that do, at
// most `perRelease` per camera and release and `perCamera` per camera; a scheduled snapshot (the live simulator's)
// is rendered whether or not a plume shows and counts toward neither. Pure computation; no database.
import { parentPort } from 'node:worker_threads';
import { encodeRgbPng } from '../services/plume/png';
import { plumeColumn, plumeVisible, renderScene, SCENE_HEIGHT, SCENE_WIDTH, type Scene } from './camera-scene';

export interface CameraCandidate {
  camera: number;
  release: number;
  scene: Scene;
  /** A scheduled snapshot: taken whatever it shows. */
  scheduled?: boolean;
}

export interface CameraShotsInput {
  candidates: readonly CameraCandidate[];
  perRelease: number;
  perCamera: number;
}

export interface CameraShot {
  /** Index into the candidates. */
  candidate: number;
  png: Uint8Array;
  width: number;
  height: number;
}

const SIZE = { width: SCENE_WIDTH, height: SCENE_HEIGHT };

export function cameraShots(input: CameraShotsInput): CameraShot[] {
  const shots: CameraShot[] = [];
  const perCamera = new Map<number, number>();
  const perRelease = new Map<string, number>();
  input.candidates.forEach((c, i) => {
    if (c.scheduled) {
      shots.push({ candidate: i, png: encodeRgbPng(SCENE_WIDTH, SCENE_HEIGHT, renderScene(c.scene)), ...SIZE });
      return;
    }
    const releaseKey = `${c.camera}:${c.release}`;
    if ((perCamera.get(c.camera) ?? 0) >= input.perCamera) return;
    if ((perRelease.get(releaseKey) ?? 0) >= input.perRelease) return;
    if (!plumeVisible(plumeColumn(c.scene, SCENE_WIDTH / 8, SCENE_HEIGHT / 8))) return;
    const png = encodeRgbPng(SCENE_WIDTH, SCENE_HEIGHT, renderScene(c.scene));
    shots.push({ candidate: i, png, ...SIZE });
    perCamera.set(c.camera, (perCamera.get(c.camera) ?? 0) + 1);
    perRelease.set(releaseKey, (perRelease.get(releaseKey) ?? 0) + 1);
  });
  return shots;
}

parentPort?.on('message', (m: { id: number; input: CameraShotsInput }) => {
  try {
    const result = cameraShots(m.input);
    parentPort!.postMessage(
      { id: m.id, result },
      result.map((s) => s.png.buffer as ArrayBuffer),
    );
  } catch (e) {
    parentPort!.postMessage({ id: m.id, error: e instanceof Error ? e.message : String(e) });
  }
});
