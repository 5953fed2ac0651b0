// The link to a site's dashboard (spec 1 §2 row actions, spec 3 §2): over a range when one is given; a deleted site has
// no dashboard, so its link is disabled with 'Not available'.
import { Link } from 'react-router';
import { DAY_MS, MAX_RANGE_DAYS } from '@/domain/chart-data';
import { rangeToParams, type TimeRange } from '@/domain/date-range';

export const SITE_DASHBOARD_NOT_AVAILABLE = 'Not available';

/** The dashboard shows at most a year: a longer range keeps its last year. */
export function siteDashboardPath(siteId: number, range?: TimeRange): string {
  if (!range) return `/site/${siteId}`;
  const shown = { start: Math.max(range.start, range.end - MAX_RANGE_DAYS * DAY_MS), end: range.end };
  return `/site/${siteId}?${new URLSearchParams(rangeToParams(shown))}`;
}

/** The site's edit screen (spec 3 §2 'Site edit'; SiteDeploymentEdit). */
export const siteEditPath = (siteId: number): string => `/site/${siteId}/edit`;
export const SITE_EDIT_LINK_LABEL = 'Edit Site Layout';

/** The row action 'edit deployment link' (spec 1 §2, SiteDeploymentEdit): the edit screen on its Deployment Plan tab. */
export function SiteDeploymentLink({ siteId, siteName }: { siteId: number; siteName: string }) {
  return (
    <Link
      className="btn btn-ghost btn-xs"
      to={`${siteEditPath(siteId)}?tab=DeploymentPlan`}
      aria-label={`Edit deployment of ${siteName}`}
    >
      Deployment
    </Link>
  );
}

export function SiteDashboardLink({
  siteId,
  siteName,
  deleted = false,
  range,
  className = 'btn btn-ghost btn-xs',
  children = 'Dashboard',
}: {
  siteId: number;
  siteName: string;
  deleted?: boolean;
  range?: TimeRange;
  className?: string;
  children?: string;
}) {
  if (deleted)
    return (
      <span title={SITE_DASHBOARD_NOT_AVAILABLE}>
        <button
          type="button"
          className={className}
          disabled
          aria-label={`Dashboard of ${siteName}: ${SITE_DASHBOARD_NOT_AVAILABLE}`}
        >
          {children}
        </button>
      </span>
    );
  return (
    <Link className={className} to={siteDashboardPath(siteId, range)} aria-label={`Dashboard of ${siteName}`}>
      {children}
    </Link>
  );
}
