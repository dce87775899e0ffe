import { useTranslation } from 'react-i18next';
import { Hero } from '../../../components/ui/Hero';

/** /select-package until the packages issue builds it: says plainly that packages are coming. */
export function SelectPackagePlaceholder() {
  const { t } = useTranslation('auth');
  return <Hero title={t('selectPackage.title')} description={t('selectPackage.text')} />;
}
