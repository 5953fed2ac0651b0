// A device's past cloud function calls (spec 2 §2 'Cloud function dialogs'): time, function, argument, result,
// error and who called it, newest first as the server sends them.
import { useQuery } from '@tanstack/react-query';
import { endpointQuery } from '@/api/endpoint-client';
import { cloudFunctionHistoryEndpoint } from '@/contracts/device';
import { formatDateTime } from '@/domain/format';
import { FormAlert } from '../../ui/form/form-alert';
import { HistoryTable } from '../../ui/history-dialog';
import { useSession } from '../../ui/session-context';
import { Spinner } from '../../ui/spinner';

/** The history query, kept by the dialog so a successful call can refresh it. */
export function useCloudFunctionHistory(deviceId: number, enabled: boolean) {
  const { organization } = useSession();
  return useQuery({
    ...endpointQuery(cloudFunctionHistoryEndpoint, { query: { organizationId: organization!.id, deviceId } }),
    enabled,
  });
}

export function CloudFunctionHistory({ history }: { history: ReturnType<typeof useCloudFunctionHistory> }) {
  const { user } = useSession();
  if (history.isPending) return <Spinner label="Loading history" />;
  if (history.error) return <FormAlert message={history.error.message} />;
  if (history.data.length === 0)
    return <p className="text-sm text-base-content/70">No cloud functions have been called on this device yet.</p>;
  return (
    <HistoryTable
      label="Cloud function history"
      rows={history.data}
      rowKey={(h, i) => `${h.time}-${i}`}
      columns={[
        {
          header: 'Time',
          className: 'whitespace-nowrap',
          cell: (h) => formatDateTime(h.time, user.userSettings.ianaTimezoneId, user.userSettings.timeFormat),
        },
        { header: 'Function', cell: (h) => h.functionName },
        { header: 'Argument', cell: (h) => h.argument },
        {
          header: 'Result',
          cell: (h) =>
            h.result ? (
              <span className="badge badge-sm badge-success">Success</span>
            ) : (
              <span className="badge badge-sm badge-error">Failed</span>
            ),
        },
        { header: 'Error', className: 'max-w-xs whitespace-normal', cell: (h) => h.error ?? '' },
        { header: 'User', cell: (h) => h.userName },
      ]}
    />
  );
}
