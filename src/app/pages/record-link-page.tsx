// /emission/:emissionId and /inspection/:inspectionId (issue 25 'Deep links land'): inside the deep-link gate, so the
// owning organization is selected; open the record's site dashboard around the time it happened.
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate, useParams } from 'react-router';
import { ownerQueryOptions } from '@/api/get-owner';
import { rangeToParams } from '@/domain/date-range';
import { emissionLinkRange } from '@/domain/site-dashboard';
import { useSession } from '@/ui/session-context';
import { Spinner } from '@/ui/spinner';

function RecordLink({ kind, param }: { kind: 'emission' | 'inspection'; param: string }) {
  const id = useParams()[param] ?? '';
  const owner = useQuery(ownerQueryOptions(kind, id));
  const organizationId = useSession().organization?.id;
  const navigate = useNavigate();
  useEffect(() => {
    const o = owner.data;
    if (!o || o.siteId === null || o.time === null || organizationId !== o.organizationId) return;
    // The same padding as the emissions list's links, around the emission's start or the inspection's time.
    const range = emissionLinkRange({ startTime: o.time, endTime: o.time }, Date.now());
    const q = new URLSearchParams({ organizationId: String(o.organizationId), ...rangeToParams(range) });
    void navigate(`/site/${o.siteId}?${q.toString()}`, { replace: true });
  }, [owner.data, organizationId, navigate]);
  return <Spinner label={`Opening the ${kind}`} />;
}

export const EmissionLinkPage = () => <RecordLink kind="emission" param="emissionId" />;
export const InspectionLinkPage = () => <RecordLink kind="inspection" param="inspectionId" />;
