import { useTranslation } from 'react-i18next';
import { SUPPORT_EMAIL } from '../../components/layout/Footer';
import { CUSTOMER_CARE_PHONE, CUSTOMER_CARE_TEL } from '../../components/layout/Header';
import { ContactPage } from '../../features/contact/components/ContactPage';
import { usePageMeta } from '../../features/listings/hooks/use-page-meta';

/** /contact: a lazy chunk; the map's Leaflet is a further chunk loaded by the page itself. */
export function Component() {
  const { t } = useTranslation('contact');
  usePageMeta(t('hero.title'), t('meta.description'));
  return <ContactPage phone={{ display: CUSTOMER_CARE_PHONE, href: CUSTOMER_CARE_TEL }} email={SUPPORT_EMAIL} />;
}
