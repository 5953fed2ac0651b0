// The Device Dashboard's Freshdesk tab (spec 2 §2): the device's ticket numbers, the chosen ticket's detail and its
// conversation (entries without a support email are private notes). A conversation that fails to load opens an
// 'Unexpected Error' dialog.
import { useEffect, useState } from 'react';
import { TicketPriority, TicketSource, TicketStatus } from '@/domain/enums';
import { formatDateTime } from '@/domain/format';
import { isPrivateNote, isResolvedTicket, NO_CONVERSATIONS, NO_TICKETS, ticketTone } from '@/domain/ticket';
import { LoadError } from '@/ui/data-grid/grid-parts';
import { Modal } from '@/ui/modal';
import { useSession } from '@/ui/session-context';
import { Spinner } from '@/ui/spinner';
import { useDeviceTickets, useTicketConversations, useTicketDetail } from '@/entities/ticket/api';

const TONE = {
  success: 'border-success',
  warning: 'border-warning',
  info: 'border-info',
  error: 'border-error',
} as const;

export function FreshdeskTab({ deviceId }: { deviceId: number }) {
  const { user, organization } = useSession();
  const organizationId = organization!.id;
  const time = (v: string) => formatDateTime(v, user.userSettings.ianaTimezoneId, user.userSettings.timeFormat);
  const tickets = useDeviceTickets(deviceId, organizationId);
  const [chosen, setChosen] = useState<number | null>(null);
  useEffect(() => {
    if (chosen === null && tickets.data?.length) setChosen(tickets.data[0]!.id);
  }, [tickets.data, chosen]);
  const detail = useTicketDetail(chosen, deviceId, organizationId);
  const conversations = useTicketConversations(chosen, deviceId, organizationId);
  const [errorClosed, setErrorClosed] = useState<number | null>(null);

  if (tickets.isPending) return <Spinner label="Loading tickets" />;
  if (tickets.error) return <LoadError message={tickets.error.message} onRetry={() => void tickets.refetch()} />;
  if (tickets.data.length === 0) return <p className="text-base-content/70">{NO_TICKETS}</p>;
  return (
    <div className="grid gap-4 md:grid-cols-[16rem_minmax(0,1fr)]">
      <nav aria-label="Tickets" className="self-start rounded-box border border-base-300 bg-base-100">
        <ul className="menu w-full">
          {tickets.data.map((t) => (
            <li key={t.id}>
              <button
                type="button"
                className={`border-l-4 ${TONE[ticketTone(t.status)]} ${chosen === t.id ? 'menu-active' : ''}`}
                aria-current={chosen === t.id ? 'true' : undefined}
                onClick={() => setChosen(t.id)}
              >
                <span className={`font-semibold tabular-nums ${isResolvedTicket(t.status) ? 'line-through' : ''}`}>
                  #{t.id}
                </span>
                <span className="truncate text-xs">{t.subject}</span>
              </button>
            </li>
          ))}
        </ul>
      </nav>
      <section aria-label="Ticket" className="grid gap-3">
        {detail.isPending ? (
          <Spinner label="Loading ticket" />
        ) : detail.error ? (
          <LoadError message={detail.error.message} onRetry={() => void detail.refetch()} />
        ) : (
          <div className="rounded-box border border-base-300 bg-base-100 p-4">
            <h2 className="text-lg font-semibold">{`#${detail.data.id} ${detail.data.subject}`}</h2>
            <dl className="mt-2 grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1 text-sm sm:grid-cols-[max-content_1fr_max-content_1fr]">
              {(
                [
                  ['Status', TicketStatus.label(detail.data.status)],
                  ['Priority', TicketPriority.label(detail.data.priority)],
                  ['Source', TicketSource.label(detail.data.source)],
                  ['Created', time(detail.data.createdAt)],
                  ['Resolved', detail.data.resolvedAt ? time(detail.data.resolvedAt) : '—'],
                  ['Created By', detail.data.createdBy ?? '—'],
                  ['Symptom Primary', detail.data.symptomPrimary ?? '—'],
                  ['Symptom Secondary', detail.data.symptomSecondary ?? '—'],
                  ['Symptom Inference', detail.data.symptomInference ?? '—'],
                  ['Next Step', detail.data.nextStep ?? '—'],
                  ['Site', detail.data.siteName ?? '—'],
                ] as const
              ).map(([k, v]) => (
                <div key={k} className="contents">
                  <dt className="text-base-content/80">{k}</dt>
                  <dd>{v}</dd>
                </div>
              ))}
            </dl>
            {detail.data.description && <p className="mt-3 whitespace-pre-wrap text-sm">{detail.data.description}</p>}
          </div>
        )}
        <div className="rounded-box border border-base-300 bg-base-100 p-4">
          <h3 className="mb-2 font-semibold">Conversation</h3>
          {conversations.isPending ? (
            <Spinner label="Loading conversation" />
          ) : conversations.error ? (
            <p className="text-sm text-base-content/70">The conversation could not be loaded.</p>
          ) : conversations.data.length === 0 ? (
            <p className="text-sm text-base-content/70">{NO_CONVERSATIONS}</p>
          ) : (
            <ol className="grid gap-2">
              {conversations.data.map((c) => {
                const note = isPrivateNote(c.supportEmail);
                return (
                  <li
                    key={c.id}
                    className={`rounded-box p-3 text-sm ${note ? 'border border-dashed border-warning bg-warning/10' : 'bg-base-200'}`}
                  >
                    <div className="mb-1 flex flex-wrap gap-2 text-xs text-base-content/80">
                      <span className="font-semibold">{note ? 'Private note' : c.supportEmail}</span>
                      <span>{time(c.createdAt)}</span>
                    </div>
                    <p className="whitespace-pre-wrap">{c.bodyText}</p>
                  </li>
                );
              })}
            </ol>
          )}
        </div>
      </section>
      <Modal
        open={Boolean(conversations.error) && errorClosed !== chosen}
        title="Unexpected Error"
        onClose={() => setErrorClosed(chosen)}
      >
        <p>{conversations.error?.message}</p>
        <div className="modal-action">
          <button type="button" className="btn btn-primary" onClick={() => setErrorClosed(chosen)}>
            Close
          </button>
        </div>
      </Modal>
    </div>
  );
}
