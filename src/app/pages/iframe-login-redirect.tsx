// Popup end of the embedded sign-in: hands the answer to the opener, then asks the user to close the window.
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { getClientConfig } from '@/api/get-client-config';
import { createUserManager } from '@/auth/user-manager';

export function IframeLoginRedirect() {
  const isPopup = typeof window !== 'undefined' && window.opener !== null && window.opener !== window;
  const [state, setState] = useState<'working' | 'done' | 'failed'>(isPopup ? 'working' : 'done');

  useEffect(() => {
    if (!isPopup) return;
    getClientConfig()
      .then((config) => createUserManager(config).signinPopupCallback(window.location.href))
      .then(() => setState('done'))
      .catch(() => setState('failed'));
  }, [isPopup]);

  return (
    <main className="grid min-h-full place-items-center bg-base-200 p-4">
      <section className="card max-w-md bg-base-100 shadow-md">
        <div className="card-body items-center text-center">
          <h1 className="card-title text-2xl">Sign in</h1>
          {isPopup ? (
            <p>
              {state === 'failed'
                ? 'Sign-in could not be completed. Close this window and try again.'
                : 'You are signed in. Please close this window.'}
            </p>
          ) : (
            <Link className="link link-primary" to="/">
              Go to the overview
            </Link>
          )}
        </div>
      </section>
    </main>
  );
}
