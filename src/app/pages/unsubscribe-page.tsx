import { useEffect, useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { callEndpoint } from '@/api/endpoint-client';
import { unsubscribeEndpoint } from '@/contracts/notification';
import { Spinner } from '@/ui/spinner';

const FAILED =
  'The unsubscribe link is invalid or out of date. However you can login to the dashboard and go to your user settings to unsubscribe from email notifications.';
const DONE =
  'You have been unsubscribed from these email notifications. To subscribe again, log in to the dashboard and use your user settings.';

export function UnsubscribePage() {
  const { subscriptionToken = '' } = useParams();
  const [params] = useSearchParams();
  const notificationType = params.get('notificationType') ?? undefined;
  const [state, setState] = useState<'pending' | 'done' | 'failed'>('pending');

  useEffect(() => {
    let live = true;
    callEndpoint(unsubscribeEndpoint, { body: { subscriptionToken, notificationType } })
      .then(() => live && setState('done'))
      .catch(() => live && setState('failed'));
    return () => {
      live = false;
    };
  }, [subscriptionToken, notificationType]);

  return (
    <main className="grid min-h-full place-items-center bg-base-200 p-4">
      <section className="card max-w-md bg-base-100 shadow-md">
        <div className="card-body items-center text-center">
          <h1 className="card-title text-2xl">Email notifications</h1>
          {state === 'pending' && <Spinner label="Unsubscribing" />}
          {state === 'done' && <p className="rounded bg-success/15 p-3">{DONE}</p>}
          {state === 'failed' && <p className="rounded bg-error/10 p-3">{FAILED}</p>}
          {state !== 'pending' && (
            <a className="link link-primary mt-2" href="/">
              Go to the dashboard
            </a>
          )}
        </div>
      </section>
    </main>
  );
}
