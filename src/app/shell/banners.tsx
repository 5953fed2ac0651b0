import { useSession } from '@/ui/session-context';
import { newVersionAtom, useAtomValue } from '@/ui/state';

export function Banners() {
  const { config, organization } = useSession();
  const newVersion = useAtomValue(newVersionAtom);
  return (
    <>
      {!config.isProduction && (
        <div className="bg-info px-4 py-1 text-center text-xs font-semibold uppercase tracking-wide text-info-content">
          {config.environmentName} environment
        </div>
      )}
      {organization?.deleted && (
        <div className="bg-error px-4 py-1 text-center text-sm font-bold text-error-content" role="alert">
          DELETED ORGANIZATION
        </div>
      )}
      {newVersion && (
        <div
          className="flex items-center justify-center gap-3 bg-warning px-4 py-1 text-sm text-warning-content"
          role="status"
        >
          New version available,
          <button type="button" className="btn btn-xs" onClick={() => window.location.reload()}>
            reload
          </button>
        </div>
      )}
    </>
  );
}
