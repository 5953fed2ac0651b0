// Errors whose message is meant for the user, as opposed to bugs and library failures that get wrapped.
export class FileParseError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FileParseError';
  }
}

export class CancelledError extends Error {
  constructor() {
    super('Cancelled');
    this.name = 'CancelledError';
  }
}

export function throwIfAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw new CancelledError();
}

/** Progress from 0 to 1 with a short label of the current stage. */
export type ProgressCallback = (fraction: number, stage: string) => void;
