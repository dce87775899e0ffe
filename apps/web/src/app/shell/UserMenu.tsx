import { useEffect, useId, useRef, useState } from 'react';
import {
  BellRing,
  ChevronDown,
  Heart,
  LayoutDashboard,
  LogOut,
  ShieldCheck,
  UserRound,
} from '../../components/ui/icons';
import { logout } from '../../features/auth/logout';
import { Link, useNavigate } from '../../i18n/localized-router';
import { useTranslation } from '../../i18n/use-translation';
import { useAppDispatch, useAppSelector } from '../../session/store';

export function UserMenu() {
  const { t } = useTranslation();
  const user = useAppSelector((state) => state.login.user);
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [isOpen, setIsOpen] = useState(false);
  const menuId = useId();
  const containerRef = useRef<HTMLDivElement>(null);
  // Only an admin's role is worth a badge: "user" next to a private owner's name is jargon.
  const isAdmin = user?.role === 'admin';

  useEffect(() => {
    if (!isOpen) return;
    function onPointerDown(event: PointerEvent) {
      if (!containerRef.current?.contains(event.target as Node)) setIsOpen(false);
    }
    function onKeyDown(event: KeyboardEvent) {
      if (event.key === 'Escape') setIsOpen(false);
    }
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [isOpen]);

  return (
    <div ref={containerRef} className="relative">
      <button
        type="button"
        aria-expanded={isOpen}
        aria-controls={menuId}
        onClick={() => setIsOpen((open) => !open)}
        className="inline-flex items-center gap-1.5 rounded-md px-2 py-1 text-xs font-semibold"
      >
        <UserRound className="size-4" aria-hidden="true" />
        <span className="max-w-24 truncate sm:max-w-32">{user?.name || t('header.account')}</span>
        {isAdmin ? (
          <span className="rounded bg-teal-700 px-1.5 py-0.5 text-[10px] font-bold tracking-wide whitespace-nowrap text-white uppercase">
            {t('header.roleAdmin')}
          </span>
        ) : null}
        <ChevronDown className="size-3.5" aria-hidden="true" />
      </button>
      {isOpen ? (
        <div
          id={menuId}
          className="absolute right-0 z-50 mt-2 w-52 rounded-lg border border-slate-200 bg-white p-1 text-sm text-slate-700 shadow-lg"
        >
          <p className="px-3 py-2 text-xs break-words text-slate-600">
            {isAdmin
              ? t('header.signedInAs', { role: t('header.roleAdmin') })
              : t('header.signedInAsEmail', { email: user?.email ?? '' })}
          </p>
          <Link
            to="/dashboard"
            onClick={() => setIsOpen(false)}
            className="flex items-center gap-2 rounded-md px-3 py-2 hover:bg-slate-100"
          >
            <LayoutDashboard className="size-4" aria-hidden="true" />
            {t('header.dashboard')}
          </Link>
          <Link
            to="/favorites"
            onClick={() => setIsOpen(false)}
            className="flex items-center gap-2 rounded-md px-3 py-2 hover:bg-slate-100"
          >
            <Heart className="size-4" aria-hidden="true" />
            {t('favorite.link', { ns: 'listings' })}
          </Link>
          <Link
            to="/dashboard/saved-searches"
            onClick={() => setIsOpen(false)}
            className="flex items-center gap-2 rounded-md px-3 py-2 hover:bg-slate-100"
          >
            <BellRing className="size-4" aria-hidden="true" />
            {t('favorite.savedSearches', { ns: 'listings' })}
          </Link>
          {isAdmin ? (
            <Link
              to="/admin"
              onClick={() => setIsOpen(false)}
              className="flex items-center gap-2 rounded-md px-3 py-2 hover:bg-slate-100"
            >
              <ShieldCheck className="size-4" aria-hidden="true" />
              {t('header.adminConsole')}
            </Link>
          ) : null}
          <button
            type="button"
            onClick={() => {
              setIsOpen(false);
              dispatch(logout());
              navigate('/');
            }}
            className="flex w-full items-center gap-2 rounded-md px-3 py-2 text-left hover:bg-slate-100"
          >
            <LogOut className="size-4" aria-hidden="true" />
            {t('header.logout')}
          </button>
        </div>
      ) : null}
    </div>
  );
}
