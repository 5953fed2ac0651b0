// User Details (spec 1 §2): the account, its organizations and provider role, the identity provider's raw record, and
// Reset Temporary Password for password users who have not chosen their own yet (spec 1 §5, §7, §8).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { callEndpoint, endpointKey, endpointQuery } from '@/api/endpoint-client';
import { resetTemporaryPasswordEndpoint, userDetailsEndpoint, type UserDetails } from '@/contracts/qube-user';
import { PASSWORD_RESET_TOAST, PASSWORD_RULE, passwordProblem, RESET_PASSWORD_WARNING } from '@/domain/password';
import { SIGN_ON_METHOD_LABELS } from '@/domain/user-form';
import { LoadError } from '../../ui/data-grid/grid-parts';
import { Modal } from '../../ui/modal';
import { Spinner } from '../../ui/spinner';
import { useToast } from '../../ui/toasts';
import { InlineAlert } from '@/ui/form/form-alert';

export function canResetTemporaryPassword(details: UserDetails): boolean {
  return (
    details.signOnMethod === 'EmailPassword' &&
    details.cognitoUsers.some((c) => c.userStatus === 'FORCE_CHANGE_PASSWORD')
  );
}

export function UserDetailsDialog({ userId, onClose }: { userId: number; onClose: () => void }) {
  const details = useQuery({ ...endpointQuery(userDetailsEndpoint, { query: { userId } }), staleTime: 0 });
  const [resetting, setResetting] = useState(false);
  return (
    <Modal open title="User Details" onClose={onClose} wide>
      {details.isPending ? (
        <Spinner label="Loading user details" />
      ) : details.error ? (
        <LoadError message={details.error.message} onRetry={() => void details.refetch()} />
      ) : resetting ? (
        <ResetPasswordForm userId={userId} email={details.data.email} onDone={() => setResetting(false)} />
      ) : (
        <DetailsView details={details.data} onReset={() => setResetting(true)} onClose={onClose} />
      )}
    </Modal>
  );
}

function DetailsView({
  details,
  onReset,
  onClose,
}: {
  details: UserDetails;
  onReset: () => void;
  onClose: () => void;
}) {
  const rows: [string, string][] = [
    ['Email', details.email],
    ['Id', String(details.id)],
    ['Sign-on Method', SIGN_ON_METHOD_LABELS[details.signOnMethod]],
    ['Cognito User Id', details.cognitoUserId],
    ['Timezone', details.ianaTimezoneId],
    [
      'Organizations',
      details.organizations.length
        ? details.organizations.map((o) => `${o.organizationName} (${o.roleName})`).join(', ')
        : 'None',
    ],
    ['Qube Role', details.qubeRole ?? 'None'],
  ];
  return (
    <div className="grid gap-4">
      <dl className="grid grid-cols-[max-content_1fr] gap-x-6 gap-y-1 text-sm">
        {rows.map(([k, v]) => (
          <div key={k} className="contents">
            <dt className="font-medium text-base-content/80">{k}</dt>
            <dd className="break-all">{v}</dd>
          </div>
        ))}
      </dl>
      <section aria-labelledby="identity-records">
        <h3 id="identity-records" className="mb-1 text-sm font-semibold">
          Identity provider records
        </h3>
        {details.cognitoUsers.length === 0 ? (
          <p className="text-sm text-base-content/70">
            None here: this user signs in with their organization's single sign-on.
          </p>
        ) : (
          <pre
            tabIndex={0}
            aria-label="Identity provider records"
            className="max-h-56 overflow-auto rounded-box bg-base-200 p-3 text-xs"
          >
            {JSON.stringify(details.cognitoUsers, null, 2)}
          </pre>
        )}
      </section>
      <div className="modal-action">
        {canResetTemporaryPassword(details) && (
          <button type="button" className="btn btn-warning" onClick={onReset}>
            Reset Temporary Password
          </button>
        )}
        <button type="button" className="btn" onClick={onClose}>
          Close
        </button>
      </div>
    </div>
  );
}

function ResetPasswordForm({ userId, email, onDone }: { userId: number; email: string; onDone: () => void }) {
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const toast = useToast();
  const qc = useQueryClient();
  const reset = useMutation({
    mutationFn: () => callEndpoint(resetTemporaryPasswordEndpoint, { body: { userId, temporaryPassword: password } }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: endpointKey(userDetailsEndpoint, { query: { userId } }) }), // not awaited: the answer is shown at once (issue 25)
  });
  return (
    <form
      className="grid gap-3"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        const problem = passwordProblem(password);
        if (problem) return setError(problem);
        setError(null);
        reset.mutate(undefined, {
          onSuccess: () => {
            toast(PASSWORD_RESET_TOAST, 'success');
            onDone();
          },
          // The server's detail when it gives one (spec 1 §7).
          onError: (err) => setError(err.message),
        });
      }}
    >
      <InlineAlert tone="warning">{RESET_PASSWORD_WARNING}</InlineAlert>
      <p className="text-sm">
        New temporary password for <strong>{email}</strong>
      </p>
      <label className="form-control">
        <span className="label-text mb-1 text-sm font-medium">Password</span>
        <input
          type="text"
          autoComplete="off"
          className={`input w-full font-mono ${error ? 'input-error' : ''}`}
          aria-invalid={Boolean(error)}
          aria-describedby="password-rule"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          autoFocus
        />
        <span id="password-rule" className={`mt-1 text-xs ${error ? 'text-error' : 'text-base-content/70'}`}>
          {error ?? PASSWORD_RULE}
        </span>
      </label>
      <div className="modal-action">
        <button type="button" className="btn btn-ghost" onClick={onDone}>
          Cancel
        </button>
        <button type="submit" className="btn btn-primary" disabled={reset.isPending}>
          {reset.isPending && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
          Reset Password
        </button>
      </div>
    </form>
  );
}
