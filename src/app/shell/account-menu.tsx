import { useEffect, useRef, useState } from 'react';
import { Icon } from '@/ui/icons';
import { NotificationSubscriptionsDialog } from '@/entities/notification/notification-subscriptions-dialog';
import { useSession } from '@/ui/session-context';
import { UnitConfigurationDialog } from './unit-configuration-dialog';

export function AccountMenu() {
  const { user, roleName, organization, config, logout } = useSession();
  const ref = useRef<HTMLDetailsElement>(null);
  const [units, setUnits] = useState(false);
  const [notifications, setNotifications] = useState(false);

  // Escape and a click elsewhere close the menu.
  useEffect(() => {
    const close = (e: Event) => {
      const d = ref.current;
      if (!d?.open) return;
      if (e instanceof KeyboardEvent ? e.key === 'Escape' : !d.contains(e.target as Node)) {
        d.open = false;
        if (e instanceof KeyboardEvent) d.querySelector('summary')?.focus();
      }
    };
    document.addEventListener('keydown', close);
    document.addEventListener('mousedown', close);
    return () => {
      document.removeEventListener('keydown', close);
      document.removeEventListener('mousedown', close);
    };
  }, []);

  return (
    <>
      <details ref={ref} className="dropdown dropdown-end">
        <summary className="btn btn-ghost btn-sm gap-2" aria-label="Account menu">
          <Icon name="user" />
          <span className="hidden sm:inline">{user.userDetails.userEmail}</span>
        </summary>
        <div className="dropdown-content z-40 mt-2 w-72 rounded-box border border-base-300 bg-base-100 p-3 shadow-lg">
          <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
            <dt className="text-base-content/70">Email</dt>
            <dd className="truncate">{user.userDetails.userEmail}</dd>
            <dt className="text-base-content/70">Role</dt>
            <dd>{roleName || '—'}</dd>
            <dt className="text-base-content/70">Organization</dt>
            <dd>{organization?.name ?? '—'}</dd>
            <dt className="text-base-content/70">Time zone</dt>
            <dd>{user.userSettings.ianaTimezoneId}</dd>
            <dt className="text-base-content/70">Version</dt>
            <dd>{config.version}</dd>
          </dl>
          <button
            type="button"
            className="btn btn-ghost btn-sm mt-3 w-full justify-start"
            onClick={() => {
              if (ref.current) ref.current.open = false;
              setUnits(true);
            }}
          >
            Unit Configuration
          </button>
          {organization && (
            <button
              type="button"
              className="btn btn-ghost btn-sm w-full justify-start"
              onClick={() => {
                if (ref.current) ref.current.open = false;
                setNotifications(true);
              }}
            >
              Notification Subscriptions
            </button>
          )}
          <button type="button" className="btn btn-outline btn-sm mt-1 w-full" onClick={() => void logout()}>
            Log out
          </button>
        </div>
      </details>
      {units && <UnitConfigurationDialog onClose={() => setUnits(false)} />}
      {notifications && organization && (
        <NotificationSubscriptionsDialog
          userId={user.userDetails.userId}
          organizationId={organization.id}
          onClose={() => setNotifications(false)}
        />
      )}
    </>
  );
}
