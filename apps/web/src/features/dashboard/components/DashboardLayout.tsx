import type { User } from '@baan/contract';
import { useEffect, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import {
  BellRing,
  Building2,
  CalendarDays,
  ChevronsLeft,
  ChevronsRight,
  FileUp,
  LogOut,
  Menu,
  MessageSquare,
  MessageSquareText,
  Settings,
  UserRound,
  X,
} from '../../../components/ui/icons';
import { NavLink } from '../../../i18n/localized-router';
import { useTranslation } from '../../../i18n/use-translation';

/** Spec 2 and 9: 258 px wide, 80 px collapsed; under 768 px it is a drawer that closes after navigation. */
export const SIDEBAR_WIDTH = 258;
export const SIDEBAR_COLLAPSED_WIDTH = 80;
export const SMALL_SCREEN_PX = 768;

const isSmallScreen = () => typeof window !== 'undefined' && window.innerWidth < SMALL_SCREEN_PX;

interface DashboardLayoutProps {
  user: User;
  onLogout: () => void;
  /** Inquiries still new (lead tracking): a badge next to "Inquiries"; none when 0 or not known yet. */
  newInquiries?: number;
  /** Unread conversation messages (ADR 034): a badge next to "Messages"; none when 0 or not known yet. */
  unreadMessages?: number;
}

interface SidebarItem {
  to: string;
  label: string;
  Icon: typeof Building2;
  badge?: { count: number; label: string };
}

export function DashboardLayout({ user, onLogout, newInquiries, unreadMessages }: DashboardLayoutProps) {
  const { t } = useTranslation('dashboard');
  const { pathname } = useLocation();
  const [isCollapsed, setIsCollapsed] = useState(false);
  const [isOpen, setIsOpen] = useState(() => !isSmallScreen());

  // After navigating on a small screen, the drawer gets out of the way.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every route change.
  useEffect(() => {
    if (isSmallScreen()) setIsOpen(false);
  }, [pathname]);

  const items: SidebarItem[] = [
    // The one list of the owner's listings; the spec's sellproperty, buyproperty and rentedproperty open it filtered (ADR 010).
    { to: '/dashboard/properties', label: t('sidebar.myProperty'), Icon: Building2 },
    {
      to: '/dashboard/inquiries',
      label: t('sidebar.inquiries'),
      Icon: MessageSquare,
      badge: newInquiries
        ? { count: newInquiries, label: t('sidebar.newInquiries', { count: newInquiries }) }
        : undefined,
    },
    {
      to: '/dashboard/messages',
      label: t('sidebar.messages'),
      Icon: MessageSquareText,
      badge: unreadMessages
        ? { count: unreadMessages, label: t('sidebar.unreadMessages', { count: unreadMessages }) }
        : undefined,
    },
    { to: '/dashboard/viewings', label: t('sidebar.viewings'), Icon: CalendarDays },
    { to: '/dashboard/saved-searches', label: t('sidebar.savedSearches'), Icon: BellRing },
    { to: '/dashboard/imports', label: t('sidebar.imports'), Icon: FileUp },
    { to: '/dashboard/settings', label: t('sidebar.settings'), Icon: Settings },
  ];
  const narrow = isCollapsed && !isSmallScreen();
  const width = narrow ? SIDEBAR_COLLAPSED_WIDTH : SIDEBAR_WIDTH;

  return (
    <div className="relative flex min-h-[calc(100svh-105px)] bg-slate-50">
      <aside
        id="dashboard-sidebar"
        aria-label={t('sidebar.label')}
        style={{ width }}
        className={`${isOpen ? 'flex' : 'hidden'} fixed inset-y-0 left-0 z-20 shrink-0 flex-col border-r border-slate-200 bg-white pt-[105px] shadow-lg transition-[width] duration-200 md:sticky md:top-[105px] md:h-[calc(100svh-105px)] md:pt-0 md:shadow-none`}
      >
        <button
          type="button"
          onClick={() => setIsOpen(false)}
          aria-label={t('sidebar.close')}
          className="absolute top-[113px] right-2 grid size-9 place-items-center rounded-md text-slate-600 hover:bg-slate-100 md:hidden"
        >
          <X className="size-5" aria-hidden="true" />
        </button>
        <div className={`flex items-center gap-3 border-b border-slate-200 p-4 ${narrow ? 'justify-center' : ''}`}>
          {user.profile_image ? (
            <img src={user.profile_image} alt="" className="size-12 shrink-0 rounded-full object-cover" />
          ) : (
            <span className="grid size-12 shrink-0 place-items-center rounded-full bg-teal-100 text-teal-800">
              <UserRound className="size-6" aria-hidden="true" />
            </span>
          )}
          {narrow ? null : (
            <div className="min-w-0">
              <p className="truncate font-semibold text-slate-900">{user.name}</p>
              <p className="truncate text-sm text-slate-600">{user.company_name || t('sidebar.noCompany')}</p>
            </div>
          )}
        </div>
        <nav className="flex-1 p-3">
          <ul className="space-y-1">
            {items.map(({ to, label, Icon, badge }) => {
              const named = badge ? `${label} (${badge.label})` : label;
              return (
                <li key={to}>
                  <NavLink
                    to={to}
                    title={narrow ? named : undefined}
                    // Collapsed, the icon needs a name; otherwise the visible label starts the name (WCAG 2.5.3)
                    // and the badge's words follow in screen-reader-only text.
                    aria-label={narrow ? named : undefined}
                    className={`group relative flex items-center gap-3 rounded-lg px-3 py-2.5 text-sm font-medium text-slate-700 hover:bg-teal-50 hover:text-teal-800 aria-[current=page]:bg-teal-700 aria-[current=page]:text-white ${narrow ? 'justify-center' : ''}`}
                  >
                    <Icon className="size-5 shrink-0" aria-hidden="true" />
                    {narrow ? null : <span className="min-w-0 flex-1 truncate">{label}</span>}
                    {badge && !narrow ? <span className="sr-only"> ({badge.label})</span> : null}
                    {badge ? (
                      <span
                        data-testid="sidebar-badge"
                        aria-hidden="true"
                        className={`grid h-5 min-w-5 place-items-center rounded-full bg-amber-100 px-1.5 text-xs leading-none font-bold text-amber-900 ring-1 ring-amber-300 group-aria-[current=page]:bg-white group-aria-[current=page]:text-teal-800 ${narrow ? 'absolute top-1 right-2' : ''}`}
                      >
                        {badge.count > 99 ? '99+' : badge.count}
                      </span>
                    ) : null}
                  </NavLink>
                </li>
              );
            })}
            <li>
              <button
                type="button"
                onClick={onLogout}
                title={narrow ? t('sidebar.logout') : undefined}
                aria-label={narrow ? t('sidebar.logout') : undefined}
                className={`flex w-full items-center gap-3 rounded-lg px-3 py-2.5 text-sm font-medium text-slate-700 hover:bg-red-50 hover:text-red-800 ${narrow ? 'justify-center' : ''}`}
              >
                <LogOut className="size-5 shrink-0" aria-hidden="true" />
                {narrow ? null : t('sidebar.logout')}
              </button>
            </li>
          </ul>
        </nav>
        <button
          type="button"
          onClick={() => setIsCollapsed((c) => !c)}
          aria-label={isCollapsed ? t('sidebar.expand') : t('sidebar.collapse')}
          aria-pressed={isCollapsed}
          className="m-3 hidden items-center justify-center rounded-lg border border-slate-200 p-2 text-slate-600 hover:bg-slate-100 md:flex"
        >
          {isCollapsed ? (
            <ChevronsRight className="size-5" aria-hidden="true" />
          ) : (
            <ChevronsLeft className="size-5" aria-hidden="true" />
          )}
        </button>
      </aside>
      <div className="min-w-0 flex-1 p-4 sm:p-8">
        <button
          type="button"
          onClick={() => setIsOpen((o) => !o)}
          aria-expanded={isOpen}
          aria-controls="dashboard-sidebar"
          className="mb-4 inline-flex items-center gap-2 rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm font-semibold text-slate-800 md:hidden"
        >
          {isOpen ? <X className="size-5" aria-hidden="true" /> : <Menu className="size-5" aria-hidden="true" />}
          {isOpen ? t('sidebar.close') : t('sidebar.open')}
        </button>
        <Outlet />
      </div>
    </div>
  );
}
