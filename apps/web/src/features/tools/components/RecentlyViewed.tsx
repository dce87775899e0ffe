import { History, Home } from '../../../components/ui/icons';
import { Link } from '../../../i18n/localized-router';
import { useTranslation } from '../../../i18n/use-translation';
import { numberFormat } from '../../../lib/intl-cache';
import { clearRecentlyViewed, type RecentListing, useRecentlyViewed } from '../../../session/recently-viewed';

const baht = numberFormat('en-US', { maximumFractionDigits: 0 });

/**
 * The listings this browser opened lately (newest first), with a button to forget them. Browser only: the list is in
 * localStorage, so the server's HTML has nothing here and stays the same for everyone.
 */
export function RecentlyViewed({ className = '' }: { className?: string }) {
  const { t } = useTranslation('tools');
  const items = useRecentlyViewed();
  if (items.length === 0) return null;
  return (
    <section aria-labelledby="recently-viewed" className={`mx-auto max-w-7xl px-4 sm:px-6 ${className}`}>
      <div className="mb-3 flex items-center justify-between gap-3">
        <h2 id="recently-viewed" className="flex items-center gap-2 text-xl font-bold text-slate-900">
          <History className="size-5 text-teal-700" aria-hidden="true" />
          {t('recent.title')}
        </h2>
        <button
          type="button"
          onClick={clearRecentlyViewed}
          aria-label={t('recent.clearLabel')}
          className="rounded-lg border border-slate-300 bg-white px-3 py-1.5 text-sm font-semibold text-slate-800 hover:bg-slate-50"
        >
          {t('recent.clear')}
        </button>
      </div>
      <ul aria-label={t('recent.list')} className="flex snap-x gap-4 overflow-x-auto pb-2">
        {items.map((item) => (
          <li key={item.id} className="w-44 shrink-0 snap-start sm:w-52">
            <RecentTile item={item} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function RecentTile({ item }: { item: RecentListing }) {
  const { t } = useTranslation('tools');
  const isRent = item.type === 'rent';
  return (
    <Link
      to={`/detail/${item.id}`}
      className="group block overflow-hidden rounded-lg border border-slate-200 bg-white shadow-sm hover:shadow-md focus-visible:outline-3 focus-visible:outline-teal-600"
    >
      <div className="relative h-28 bg-slate-100">
        {item.cover ? (
          <img src={item.cover} alt="" loading="lazy" decoding="async" className="h-28 w-full object-cover" />
        ) : (
          <div className="flex h-28 items-center justify-center text-slate-400">
            <Home className="size-8" aria-hidden="true" />
          </div>
        )}
        <span
          className={`absolute top-1.5 left-1.5 rounded px-1.5 py-0.5 text-[11px] font-semibold text-white ${isRent ? 'bg-blue-700' : 'bg-green-700'}`}
        >
          {isRent ? t('recent.forRent') : t('recent.forSale')}
        </span>
      </div>
      <div className="p-2.5">
        <p className="text-sm font-bold text-teal-800">
          ฿{baht.format(item.price)}
          {isRent ? <span className="font-medium text-slate-600"> {t('recent.perMonth')}</span> : null}
        </p>
        <p className="line-clamp-2 text-sm font-medium text-slate-900 group-hover:underline">{item.title}</p>
      </div>
    </Link>
  );
}
