// Execution History and Execution Details (spec 3 §2 'Push API tab', §3, §9): the last 10 successes and the last 10
// failures; one opens with its bookmark and each request's number, status, bodies and exception.
import { useState } from 'react';
import type { ExecutionRequest, IntegrationExecution } from '@/contracts/integration';
import { EXECUTION_HISTORY_SIZE, INTEGRATION_MESSAGES } from '@/domain/integration';
import { formatDateTime } from '@/domain/format';
import { HistoryDialog } from '@/ui/history-dialog';
import { Modal } from '@/ui/modal';
import { useSession } from '@/ui/session-context';
import { useExecutionHistory } from './api';

/** JSON indented when it parses (a kept body may be cut short, then it shows as sent). */
function pretty(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

/** A long text in a scrollable block the keyboard can reach and scroll. */
function CodeBlock({ label, text }: { label: string; text: string | null }) {
  return (
    <div className="grid gap-1">
      <span className="text-xs font-medium text-base-content/80">{label}</span>
      {text === null || text === '' ? (
        <span className="text-xs text-base-content/70">None</span>
      ) : (
        <pre
          tabIndex={0}
          aria-label={label}
          className="max-h-56 overflow-auto whitespace-pre-wrap break-all rounded-box border border-base-300 bg-base-200 p-2 font-mono text-xs focus:outline-2 focus:outline-primary"
        >
          {pretty(text)}
        </pre>
      )}
    </div>
  );
}

function RequestDetails({ request }: { request: ExecutionRequest }) {
  const ok =
    request.responseStatusCode !== null && request.responseStatusCode >= 200 && request.responseStatusCode < 300;
  return (
    <section
      className="grid gap-2 rounded-box border border-base-300 p-3"
      aria-label={`Request ${request.requestNumber}`}
    >
      <h3 className="flex items-center gap-2 text-sm font-semibold">
        {`Request ${request.requestNumber}`}
        <span className={`badge badge-sm ${ok ? 'badge-success' : 'badge-error'}`}>
          {request.responseStatusCode === null ? 'No response' : `Status ${request.responseStatusCode}`}
        </span>
      </h3>
      {request.exception && (
        <p className="alert alert-error py-1 text-xs" role="note">
          {request.exception}
        </p>
      )}
      <CodeBlock label={`Request ${request.requestNumber} body`} text={request.requestBody} />
      <CodeBlock label={`Request ${request.requestNumber} response body`} text={request.responseBody} />
    </section>
  );
}

export function ExecutionDetailsDialog({
  execution,
  onClose,
}: {
  execution: IntegrationExecution;
  onClose: () => void;
}) {
  const { user } = useSession();
  return (
    <Modal open title="Execution Details" onClose={onClose} wide>
      <div className="grid gap-3">
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          <dt className="font-medium">Time</dt>
          <dd>{formatDateTime(execution.time, user.userSettings.ianaTimezoneId, user.userSettings.timeFormat)}</dd>
          <dt className="font-medium">Result</dt>
          <dd>{execution.success ? 'Success' : 'Failure'}</dd>
          <dt className="font-medium">Records</dt>
          <dd>{execution.recordCount}</dd>
        </dl>
        <CodeBlock label="Bookmark" text={execution.bookmark} />
        {execution.requests.length === 0 ? (
          <p className="text-sm text-base-content/70">No request was sent.</p>
        ) : (
          execution.requests.map((r) => <RequestDetails key={r.requestNumber} request={r} />)
        )}
      </div>
      <div className="modal-action">
        <button type="button" className="btn" onClick={onClose}>
          Close
        </button>
      </div>
    </Modal>
  );
}

function ExecutionTable({
  caption,
  executions,
  onOpen,
}: {
  caption: string;
  executions: readonly IntegrationExecution[];
  onOpen: (e: IntegrationExecution) => void;
}) {
  const { user } = useSession();
  return (
    <section className="grid gap-1">
      <h3 className="text-sm font-semibold">{caption}</h3>
      {executions.length === 0 ? (
        <p className="text-sm text-base-content/70">
          {caption === 'Successes' ? 'No successful executions.' : 'No failed executions.'}
        </p>
      ) : (
        <table className="table table-xs" aria-label={caption}>
          <thead className="text-base-content">
            <tr>
              <th scope="col">Time</th>
              <th scope="col" className="text-right">
                Records
              </th>
              <th scope="col" className="text-right">
                Requests
              </th>
              <th scope="col">Status</th>
              <th scope="col">
                <span className="sr-only">Details</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {executions.map((e) => {
              const last = e.requests[e.requests.length - 1];
              const time = formatDateTime(e.time, user.userSettings.ianaTimezoneId, user.userSettings.timeFormat);
              return (
                <tr key={e.id}>
                  <td className="whitespace-nowrap">{time}</td>
                  <td className="text-right">{e.recordCount}</td>
                  <td className="text-right">{e.requests.length}</td>
                  <td className="max-w-64 truncate">{last?.exception ?? last?.responseStatusCode ?? '—'}</td>
                  <td className="text-right">
                    <button
                      type="button"
                      className="btn btn-ghost btn-xs"
                      onClick={() => onOpen(e)}
                      aria-label={`Details of the execution at ${time}`}
                    >
                      Details
                    </button>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </section>
  );
}

export function ExecutionHistoryDialog({
  organizationId,
  integration,
  onClose,
}: {
  organizationId: number;
  integration: { id: number; name: string };
  onClose: () => void;
}) {
  const history = useExecutionHistory(organizationId, integration.id);
  const [open, setOpen] = useState<IntegrationExecution | null>(null);
  return (
    <>
      <HistoryDialog
        title={`Execution History: ${integration.name}`}
        query={history}
        isEmpty={(d) => d.successes.length === 0 && d.failures.length === 0}
        emptyText={INTEGRATION_MESSAGES.noExecutions}
        loadingLabel="Loading execution history"
        onClose={onClose}
        actions={
          <button
            type="button"
            className="btn btn-ghost"
            disabled={history.isFetching}
            onClick={() => void history.refetch()}
          >
            Refresh
          </button>
        }
      >
        {(data) => (
          <div className="grid max-h-[60vh] gap-4 overflow-auto" tabIndex={0} aria-label="Executions">
            <p className="text-xs text-base-content/70">{`The last ${EXECUTION_HISTORY_SIZE} successes and the last ${EXECUTION_HISTORY_SIZE} failures, newest first.`}</p>
            <ExecutionTable caption="Successes" executions={data.successes} onOpen={setOpen} />
            <ExecutionTable caption="Failures" executions={data.failures} onOpen={setOpen} />
          </div>
        )}
      </HistoryDialog>
      {open && <ExecutionDetailsDialog execution={open} onClose={() => setOpen(null)} />}
    </>
  );
}
