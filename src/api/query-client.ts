// React Query defaults for the console: no retry on 4xx (the answer will not change), two retries otherwise.
import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './client';

export function shouldRetryQuery(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  // Maintenance is a page of its own, not something to hammer.
  if (error instanceof ApiError && error.status === 503) return false;
  return failureCount < 2;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetryQuery, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}
