// What a deep link shows when its record is unknown or belongs to an organization the user is not in (issue 25):
// a page that says so, never a silent bounce to the landing page.
import { Link } from 'react-router';
import { PageHeader } from './page-header';

export const NOT_FOUND_OR_NO_ACCESS_TITLE = 'Not found or no access';

export function NotFoundOrNoAccessPage({ what, supportEmail }: { what: string; supportEmail: string }) {
  return (
    <>
      <PageHeader title={NOT_FOUND_OR_NO_ACCESS_TITLE} />
      <section className="grid max-w-2xl gap-3 p-4">
        <p>
          There is no {what}, or it belongs to an organization you do not have access to. If you were sent this link,
          ask for access at{' '}
          <a className="link" href={`mailto:${supportEmail}`}>
            {supportEmail}
          </a>
          .
        </p>
        <p>
          <Link className="btn btn-primary btn-sm" to="/">
            Go to the landing page
          </Link>
        </p>
      </section>
    </>
  );
}
