import { Search } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Hero } from '../../components/ui/Hero';

export function HomeRoute() {
  const { t } = useTranslation();
  return (
    <Hero title={t('home.hero.title')} description={t('home.hero.description')}>
      <Link
        to="/Quick"
        className="inline-flex items-center gap-2 rounded-lg bg-white px-5 py-3 text-sm font-semibold text-teal-900 shadow transition-colors hover:bg-teal-50"
      >
        <Search className="size-4" aria-hidden="true" />
        {t('home.hero.cta')}
      </Link>
      <Link
        to="/Buy-rent"
        className="inline-flex items-center gap-2 rounded-lg border border-white/50 px-5 py-3 text-sm font-semibold text-white transition-colors hover:bg-white/10"
      >
        {t('nav.buyOrRent')}
      </Link>
    </Hero>
  );
}
