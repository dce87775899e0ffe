import { Heart } from '../../components/ui/icons';
import { NavLink } from '../../i18n/localized-router';
import { useTranslation } from '../../i18n/use-translation';
import { useFavoriteCount } from '../../session/use-favorite';

/** The header's link to /favorites: a heart with how many there are (none shown until the page is live). */
export function FavoritesLink({ isOnDark }: { isOnDark: boolean }) {
  const { t } = useTranslation('listings');
  const count = useFavoriteCount();
  const label = count > 0 ? t('favorite.linkCount', { count }) : t('favorite.link');
  // Named by its content ("Favourites 2"; on phones the word is hidden from sight, not from screen readers), so the
  // spoken name always contains the visible text (WCAG 2.5.3); the title gives the sighted "Favourites (2)".
  return (
    <NavLink
      to="/favorites"
      title={label}
      className={`relative inline-flex items-center gap-1.5 rounded-md px-2 py-1 font-semibold ${
        isOnDark ? 'text-white/90 hover:text-white' : 'text-slate-700 hover:text-teal-800'
      }`}
    >
      <Heart className={`size-4 ${count > 0 ? 'fill-rose-600 text-rose-600' : ''}`} aria-hidden="true" />
      <span className="sr-only sm:not-sr-only">{t('favorite.link')}</span>
      {count > 0 ? (
        <span className="min-w-5 rounded-full bg-rose-600 px-1.5 text-center text-[11px] leading-5 font-bold text-white">
          {count}
        </span>
      ) : null}
    </NavLink>
  );
}
