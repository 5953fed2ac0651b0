// The subscription dialog's state: the user's subscriptions loaded fresh (never cached), the time zones, the edit
// being made, and a save that refreshes the user lists behind the answer.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { ApiError } from '@/api/client';
import { callEndpoint, endpointKey, endpointQuery } from '@/api/endpoint-client';
import { subscriptionEditEndpoint, subscriptionEndpoint, timeZoneIdsEndpoint } from '@/contracts/notification';
import { organizationUserListEndpoint } from '@/contracts/organization-user';
import { qubeUserListEndpoint } from '@/contracts/qube-user';
import { NOTIFICATIONS_EDITED, type SubscriptionEdit } from '@/domain/notification';
import { useToast } from '../../ui/toasts';

export function useNotificationSubscriptions(userId: number, organizationId: number, onSaved: () => void) {
  const toast = useToast();
  const qc = useQueryClient();
  const loaded = useQuery({
    ...endpointQuery(subscriptionEndpoint, { query: { userId, userOrganizationId: organizationId } }),
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
  const zones = useQuery({ ...endpointQuery(timeZoneIdsEndpoint), staleTime: Infinity });
  const [form, setForm] = useState<SubscriptionEdit | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (loaded.data && !form) {
      const { options: _options, userEmail: _email, ...edit } = loaded.data;
      setForm(edit);
    }
  }, [loaded.data, form]);
  const save = useMutation({
    mutationFn: (body: SubscriptionEdit) => callEndpoint(subscriptionEditEndpoint, { body }),
    // Not awaited: the answer is shown at once, the lists refresh behind it (issue 25).
    onSuccess: () => {
      for (const e of [organizationUserListEndpoint, qubeUserListEndpoint, subscriptionEndpoint])
        void qc.invalidateQueries({ queryKey: endpointKey(e) });
    },
  });

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    if (!form) return;
    setError(null);
    try {
      await save.mutateAsync(form);
      toast(NOTIFICATIONS_EDITED, 'success');
      onSaved();
    } catch (err) {
      setError(err instanceof ApiError ? [err.message, ...Object.values(err.errors).flat()].join(' ') : String(err));
    }
  }

  const set = (patch: Partial<SubscriptionEdit>) => setForm((f) => (f ? { ...f, ...patch } : f));
  return { loaded, zones: zones.data ?? [], form, set, error, busy: save.isPending, submit };
}
