import { useEffect, useRef } from 'react';
import { Outlet, useLocation } from 'react-router';
import {
  BadgeCheck,
  Banknote,
  Building,
  Building2,
  FileLock,
  History,
  ListChecks,
  Loader2,
  Mail,
  Package,
  Settings,
  ShieldCheck,
  Users,
} from '../../../components/ui/icons';
import { NavLink } from '../../../i18n/localized-router';
import { useTranslation } from '../../../i18n/use-translation';

const SECTIONS = [
  { to: '/admin', end: true, key: 'payments', Icon: Banknote },
  { to: '/admin/listings', key: 'listings', Icon: Building2 },
  { to: '/admin/verifications', key: 'verifications', Icon: BadgeCheck },
  { to: '/admin/users', key: 'users', Icon: Users },
  { to: '/admin/packages', key: 'packages', Icon: Package },
  { to: '/admin/projects', key: 'projects', Icon: Building },
  { to: '/admin/messages', key: 'messages', Icon: Mail },
  { to: '/admin/jobs', key: 'jobs', Icon: ListChecks },
  { to: '/admin/settings', key: 'settings', Icon: Settings },
  { to: '/admin/audit', key: 'audit', Icon: History },
  { to: '/admin/privacy', key: 'privacy', Icon: FileLock },
] as const;

/** The console: a side nav from 1024 px, a scrolling row of tabs above the section on smaller screens. */
export function AdminLayout() {
  const { t } = useTranslation('admin');
  const { pathname } = useLocation();
  const navRef = useRef<HTMLElement>(null);

  // On a phone the tabs scroll sideways: keep the current one in view (a deep link to /admin/audit, say).
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every section change.
  useEffect(() => {
    navRef.current?.querySelector('[aria-current="page"]')?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [pathname]);

  return (
    <div className="min-h-[calc(100svh-105px)] bg-slate-50">
      <div className="mx-auto max-w-7xl px-4 py-6 sm:px-6 lg:flex lg:gap-8 lg:py-8">
        <aside className="lg:w-56 lg:shrink-0">
          <h1 className="flex items-center gap-2 text-2xl font-bold tracking-tight text-slate-900">
            <ShieldCheck className="size-6 text-teal-700" aria-hidden="true" />
            {t('title')}
          </h1>
          <nav ref={navRef} aria-label={t('nav.label')} className="mt-4 -mx-4 px-4 lg:mx-0 lg:px-0">
            <ul className="flex gap-1 overflow-x-auto pb-1 lg:flex-col lg:overflow-visible lg:pb-0">
              {SECTIONS.map(({ to, key, Icon, ...rest }) => (
                <li key={to} className="shrink-0">
                  <NavLink
                    to={to}
                    end={'end' in rest ? rest.end : false}
                    className="flex items-center gap-2 rounded-lg border border-slate-200 bg-white px-3 py-2 text-sm font-medium whitespace-nowrap text-slate-700 hover:bg-teal-50 hover:text-teal-800 aria-[current=page]:border-teal-700 aria-[current=page]:bg-teal-700 aria-[current=page]:text-white lg:border-transparent lg:bg-transparent"
                  >
                    <Icon className="size-4 shrink-0" aria-hidden="true" />
                    {t(`nav.${key}`)}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
        </aside>
        <div className="mt-6 min-w-0 flex-1 lg:mt-0">
          <Outlet />
        </div>
      </div>
    </div>
  );
}

/** While the session is checked: a spinner, never a flash of the not-found screen. */
export function AdminSessionLoading() {
  const { t } = useTranslation('admin');
  return (
    <div role="status" aria-busy="true" className="flex min-h-[60vh] items-center justify-center text-slate-600">
      <Loader2 className="size-8 animate-spin" aria-hidden="true" />
      <span className="sr-only">{t('common.loading')}</span>
    </div>
  );
}
