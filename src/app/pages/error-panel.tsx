import { GENERIC_ERROR } from '@/api/client';

export function ErrorPanel({
  title,
  message = GENERIC_ERROR,
  onRetry,
}: {
  title: string;
  message?: string;
  onRetry?: () => void;
}) {
  return (
    <main className="grid min-h-full place-items-center p-4">
      <section className="alert alert-error max-w-lg" role="alert">
        <div>
          <h1 className="font-semibold">{title}</h1>
          <p>{message}</p>
        </div>
        {onRetry && (
          <button type="button" className="btn btn-sm" onClick={onRetry}>
            Try Again
          </button>
        )}
      </section>
    </main>
  );
}
