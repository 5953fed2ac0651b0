// Deep links land (issue 25): a link to a site, device, alarm, emission or inspection opens whatever organization is
// selected. The gate asks the server which organization owns the record and switches to it when the user belongs to
// it (provider staff belong to all); otherwise it shows 'Not found or no access'. After the user changes organization
// on the page themselves, it asks instead of switching back.
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, type ReactNode } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { ownerQueryOptions } from '@/api/get-owner';
import { ApiError } from '@/api/client';
import type { OwnedKind } from '@/contracts/owner';
import { LoadError } from '@/ui/data-grid/grid-parts';
import { PageHeader } from '@/ui/page-header';
import { useSession } from '@/ui/session-context';
import { Spinner } from '@/ui/spinner';
import { useToast } from '@/ui/toasts';
import { NotFoundOrNoAccessPage } from '@/ui/not-found-or-no-access';

export interface DeepLinkOwner {
  kind: OwnedKind;
  /** The route parameter holding the record's id (or a device's name, an alarm's encoded id). */
  param: string;
}

const WHAT: Record<OwnedKind, string> = {
  site: 'site',
  device: 'device',
  alarm: 'alarm',
  emission: 'emission',
  inspection: 'inspection',
};

export function DeepLinkGate({ owner, children }: { owner: DeepLinkOwner; children: ReactNode }) {
  const session = useSession();
  const id = useParams()[owner.param] ?? '';
  const selectedId = session.organization?.id ?? null;
  // A site of the selected organization is known from the current user's site list: no request for in-app links.
  const knownHere = owner.kind === 'site' && (session.organization?.sites.some((s) => String(s.id) === id) ?? false);
  const lookup = useQuery({ ...ownerQueryOptions(owner.kind, id), enabled: !knownHere && id !== '' });
  const [, setParams] = useSearchParams();
  const toast = useToast();
  const switched = useRef(false);
  const ownerId = knownHere ? selectedId : (lookup.data?.organizationId ?? null);
  const member = ownerId !== null && session.user.userOrganizations.some((o) => o.id === ownerId);
  const mismatch = ownerId !== null && ownerId !== selectedId && member;
  // Switch once, when the link is opened; a later mismatch is the user's own choice of organization.
  const autoSwitch = mismatch && !switched.current;

  useEffect(() => {
    if (!autoSwitch || ownerId === null) return;
    switched.current = true;
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        next.set('organizationId', String(ownerId));
        return next;
      },
      { replace: true },
    );
    toast(
      `Switched to ${lookup.data?.organizationName ?? 'the organization'}, which owns this ${WHAT[owner.kind]}`,
      'info',
    );
  }, [autoSwitch, ownerId, setParams, toast, lookup.data?.organizationName, owner.kind]);
  useEffect(() => {
    if (ownerId !== null && ownerId === selectedId) switched.current = true;
  }, [ownerId, selectedId]);

  if (knownHere) return <>{children}</>;
  if (lookup.error instanceof ApiError && lookup.error.status === 404)
    return <NotFoundOrNoAccessPage what={`${WHAT[owner.kind]} ${id}`} supportEmail={session.config.supportEmail} />;
  if (lookup.error)
    return (
      <div className="p-4">
        <LoadError message={lookup.error.message} onRetry={() => void lookup.refetch()} />
      </div>
    );
  if (!lookup.data || autoSwitch) return <Spinner label={`Opening the ${WHAT[owner.kind]}`} />;
  if (!member)
    return <NotFoundOrNoAccessPage what={`${WHAT[owner.kind]} ${id}`} supportEmail={session.config.supportEmail} />;
  if (mismatch)
    return (
      <>
        <PageHeader title={`This ${WHAT[owner.kind]} belongs to ${lookup.data.organizationName}`} />
        <section className="grid max-w-2xl gap-3 p-4">
          <p>
            You are working in {session.organization?.name ?? 'another organization'}. Open the {WHAT[owner.kind]} in{' '}
            {lookup.data.organizationName}?
          </p>
          <p className="flex gap-2">
            <button
              type="button"
              className="btn btn-primary btn-sm"
              onClick={() => session.selectOrganization(lookup.data.organizationId)}
            >
              Open in {lookup.data.organizationName}
            </button>
            <Link className="btn btn-outline btn-sm" to="/">
              Go to the landing page
            </Link>
          </p>
        </section>
      </>
    );
  return <>{children}</>;
}
