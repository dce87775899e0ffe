import { useMatches } from 'react-router';
import { Hero } from '../../components/ui/Hero';
import { useTranslation } from '../../i18n/use-translation';

function titleKeyOf(handle: unknown): string | undefined {
  if (typeof handle === 'object' && handle !== null && 'titleKey' in handle && typeof handle.titleKey === 'string') {
    return handle.titleKey;
  }
  return undefined;
}

/** Stands in for a spec screen that a later change builds, so the header's links land on a real page meanwhile. */
export function Component() {
  const { t } = useTranslation();
  const titleKey = useMatches()
    .map((match) => titleKeyOf(match.handle))
    .findLast(Boolean);
  return <Hero title={titleKey ? t(titleKey) : 'Baan'} description={t('comingSoon')} />;
}
