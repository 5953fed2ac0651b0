import { NavLink } from 'react-router';
import { hasAnyPermission, routePermissions } from '@/domain/permissions';
import { Icon } from '@/ui/icons';
import { useSession } from '@/ui/session-context';
import { navCollapsedAtom, useAtom } from '@/ui/state';
import { useMediaQuery } from '@/ui/hooks/use-media-query';
import { useState } from 'react';
import { screens } from '../route-registry';

export function NavBar() {
  const { permissions, organization } = useSession();
  const [savedCollapsed, setSavedCollapsed] = useAtom(navCollapsedAtom);
  // On a phone the bar stays a strip of icons; expanded, it lays over the page and folds away after a choice.
  const small = useMediaQuery('(max-width: 767px)');
  const [smallExpanded, setSmallExpanded] = useState(false);
  const collapsed = small ? !smallExpanded : savedCollapsed;
  const setCollapsed = (c: boolean) => (small ? setSmallExpanded(!c) : setSavedCollapsed(c));
  const visible = screens.filter(
    (s) => s.inNav !== false && hasAnyPermission(permissions, routePermissions[s.routeName]),
  );
  const linkClass = ({ isActive }: { isActive: boolean }) =>
    `flex items-center gap-3 rounded-md px-3 py-2 text-sm ${isActive ? 'bg-primary text-primary-content' : 'hover:bg-base-300'}`;

  return (
    <nav
      aria-label="Main"
      className={`flex shrink-0 flex-col border-r border-base-300 bg-base-200 transition-[width] ${collapsed ? 'w-14' : 'w-56'} ${small && !collapsed ? 'fixed inset-y-0 left-0 z-50 shadow-xl' : ''}`}
      onClick={(e) => small && (e.target as HTMLElement).closest('a') && setSmallExpanded(false)}
    >
      <div className="flex items-center gap-2 px-3 py-3">
        <img src="/favicon.svg" alt="" className="h-7 w-7" />
        {!collapsed && <span className="font-semibold text-primary">Emissions Console</span>}
      </div>
      <ul className="flex flex-1 flex-col gap-1 px-2">
        <li>
          <NavLink to="/" end className={linkClass} title="Home">
            <Icon name="home" />
            {!collapsed && <span>Home</span>}
          </NavLink>
        </li>
        {visible.map((s) => (
          <li key={s.path}>
            {/* Hovering or focusing a link fetches its screen's code ahead of the click (issue 25). */}
            <NavLink
              to={s.org && organization ? `${s.path}?organizationId=${organization.id}` : s.path}
              end
              className={linkClass}
              title={s.label}
              onMouseEnter={() => void s.Component.preload().catch(() => undefined)}
              onFocus={() => void s.Component.preload().catch(() => undefined)}
            >
              <Icon name={s.icon} />
              {!collapsed && <span>{s.label}</span>}
            </NavLink>
          </li>
        ))}
      </ul>
      <button
        type="button"
        className="btn btn-ghost btn-sm m-2 justify-start"
        aria-expanded={!collapsed}
        aria-label={collapsed ? 'Expand navigation' : 'Collapse navigation'}
        onClick={() => setCollapsed(!collapsed)}
      >
        <Icon name="chevron" className={`h-4 w-4 transition-transform ${collapsed ? 'rotate-180' : ''}`} />
        {!collapsed && <span>Collapse</span>}
      </button>
    </nav>
  );
}
