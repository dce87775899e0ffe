import { Apple, Play } from './icons';

/**
 * The App Store and Google Play badges of an app that is not out yet: plain text marked "coming soon", no links
 * (a link to a store's front page promises an app that is not there).
 */
export function AppStoreBadges({ comingSoon, className = '' }: { comingSoon: string; className?: string }) {
  const badges = [
    { store: 'App Store', Icon: Apple },
    { store: 'Google Play', Icon: Play },
  ];
  return (
    <ul className={`flex flex-wrap gap-3 ${className}`}>
      {badges.map(({ store, Icon }) => (
        <li
          key={store}
          className="inline-flex items-center gap-2 rounded-lg border border-slate-500 bg-slate-800 px-3 py-2 text-white"
        >
          <Icon className="size-6 text-slate-300" aria-hidden="true" />
          <span className="text-left leading-tight">
            <span className="block text-sm font-semibold">{store}</span>
            <span className="block text-xs text-slate-200">{comingSoon}</span>
          </span>
        </li>
      ))}
    </ul>
  );
}
