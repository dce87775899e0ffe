import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { House, LogIn, Menu, Package, Phone, Plus, X } from '../../components/ui/icons';
import { useAddPropertyClick } from '../../features/payments/hooks/use-add-property-click';
import { Link, NavLink, unprefixedPath } from '../../i18n/localized-router';
import { useTranslation } from '../../i18n/use-translation';
import { useAppSelector } from '../../session/store';
import { FavoritesLink } from './FavoritesLink';
import { LanguageSwitcher } from './LanguageSwitcher';
import { UserMenu } from './UserMenu';

/** The spec's threshold: the header stays transparent on home until the page scrolls past this. */
export const SCROLL_THRESHOLD_PX = 10;

export const NAV_ITEMS = [
  { to: '/', key: 'nav.home' },
  { to: '/Quick', key: 'nav.quickSearch' },
  { to: '/Buy-rent', key: 'nav.buyOrRent' },
  { to: '/recommend', key: 'nav.recommend' },
  { to: '/cost', key: 'nav.setAllCost' },
  { to: '/contact', key: 'nav.contactUs' },
] as const;

export const CUSTOMER_CARE_PHONE = '+66 2 123 4567';
export const CUSTOMER_CARE_TEL = 'tel:+6621234567';

function useIsScrolled(threshold: number) {
  const [isScrolled, setIsScrolled] = useState(() => typeof window !== 'undefined' && window.scrollY > threshold);
  useEffect(() => {
    const update = () => setIsScrolled(window.scrollY > threshold);
    update();
    window.addEventListener('scroll', update, { passive: true });
    return () => window.removeEventListener('scroll', update);
  }, [threshold]);
  return isScrolled;
}

export function Header() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const isAuthenticated = useAppSelector((state) => state.login.isAuthenticated);
  const isScrolled = useIsScrolled(SCROLL_THRESHOLD_PX);
  const [isMenuOpen, setIsMenuOpen] = useState(false);
  const isTransparent = unprefixedPath(pathname) === '/' && !isScrolled && !isMenuOpen;
  const closeMenu = () => setIsMenuOpen(false);
  const onAddProperty = useAddPropertyClick();

  const linkTone = isTransparent
    ? 'text-white/90 hover:text-white hover:bg-white/10 aria-[current=page]:text-white aria-[current=page]:bg-white/15'
    : 'text-slate-700 hover:text-teal-800 hover:bg-teal-50 aria-[current=page]:text-teal-800 aria-[current=page]:bg-teal-50';

  return (
    <header
      data-transparent={isTransparent}
      className={`fixed inset-x-0 top-0 z-40 transition-colors duration-300 ${
        isTransparent ? 'bg-transparent text-white' : 'bg-white text-slate-800 shadow-sm'
      }`}
    >
      <div className={`border-b ${isTransparent ? 'border-white/15' : 'border-slate-200 bg-slate-50'}`}>
        <div className="mx-auto flex h-10 max-w-7xl items-center justify-between gap-3 px-4 text-xs sm:px-6">
          <a
            href={CUSTOMER_CARE_TEL}
            className={`hidden items-center gap-1.5 font-medium sm:inline-flex ${isTransparent ? 'text-white/90' : 'text-slate-600'}`}
          >
            <Phone className="size-3.5" aria-hidden="true" />
            <span>{t('header.customerCare')}</span>
            <span dir="ltr">{CUSTOMER_CARE_PHONE}</span>
          </a>
          <div className="ml-auto flex items-center gap-2 sm:gap-3">
            <FavoritesLink isOnDark={isTransparent} />
            <LanguageSwitcher isOnDark={isTransparent} />
            {isAuthenticated ? (
              <UserMenu />
            ) : (
              <Link to="/login" className="inline-flex items-center gap-1.5 rounded-md px-2 py-1 font-semibold">
                <LogIn className="size-4" aria-hidden="true" />
                {t('header.loginRegister')}
              </Link>
            )}
          </div>
        </div>
      </div>

      <div className="relative mx-auto flex h-16 max-w-7xl items-center gap-4 px-4 sm:px-6">
        <Link
          to="/"
          onClick={closeMenu}
          className="flex shrink-0 items-center gap-2 text-xl font-extrabold tracking-tight"
        >
          <span
            className={`grid size-9 place-items-center rounded-lg ${isTransparent ? 'bg-white/15' : 'bg-teal-700 text-white'}`}
          >
            <House className="size-5" aria-hidden="true" />
          </span>
          Baan
        </Link>

        <div
          id="site-menu"
          className={`${
            isMenuOpen
              ? 'absolute inset-x-0 top-full flex max-h-[calc(100svh-6.5rem)] flex-col gap-4 overflow-y-auto border-t border-slate-200 bg-white p-4 shadow-lg'
              : 'hidden'
          } xl:static xl:flex xl:max-h-none xl:flex-1 xl:flex-row xl:items-center xl:justify-between xl:gap-4 xl:overflow-visible xl:border-0 xl:bg-transparent xl:p-0 xl:shadow-none`}
        >
          <nav aria-label={t('header.mainNavigation')}>
            <ul className="flex flex-col gap-1 xl:flex-row xl:items-center xl:gap-1">
              {NAV_ITEMS.map((item) => (
                <li key={item.to}>
                  <NavLink
                    to={item.to}
                    end={item.to === '/'}
                    onClick={closeMenu}
                    className={`block rounded-md px-3 py-2 text-sm font-medium whitespace-nowrap transition-colors xl:px-2.5 ${linkTone}`}
                  >
                    {t(item.key)}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
          <div className="flex flex-col gap-2 sm:flex-row xl:items-center">
            <Link
              to="/select-package"
              onClick={closeMenu}
              className={`inline-flex items-center justify-center gap-2 rounded-lg border px-4 py-2 text-sm font-semibold whitespace-nowrap transition-colors ${
                isTransparent
                  ? 'border-white/40 text-white hover:bg-white/10'
                  : 'border-teal-700 text-teal-800 hover:bg-teal-50'
              }`}
            >
              <Package className="size-4" aria-hidden="true" />
              {t('header.package')}
            </Link>
            <button
              type="button"
              onClick={() => {
                closeMenu();
                void onAddProperty();
              }}
              className="inline-flex items-center justify-center gap-2 rounded-lg bg-teal-700 px-4 py-2 text-sm font-semibold whitespace-nowrap text-white shadow-sm transition-colors hover:bg-teal-800"
            >
              <Plus className="size-4" aria-hidden="true" />
              {t('header.addProperty')}
            </button>
          </div>
        </div>

        <button
          type="button"
          aria-expanded={isMenuOpen}
          aria-controls="site-menu"
          aria-label={isMenuOpen ? t('header.closeMenu') : t('header.openMenu')}
          onClick={() => setIsMenuOpen((open) => !open)}
          className="ml-auto inline-flex size-10 items-center justify-center rounded-lg xl:hidden"
        >
          {isMenuOpen ? <X className="size-6" aria-hidden="true" /> : <Menu className="size-6" aria-hidden="true" />}
        </button>
      </div>
    </header>
  );
}
