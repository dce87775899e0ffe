import { CompareToggle } from '../components/ui/CompareToggle';
import { useTranslation } from '../i18n/use-translation';
import { toggleCompare, useCompareIds } from './compare';

interface CompareButtonProps {
  id: number;
  title: string;
  className?: string;
}

/**
 * A listing's "Compare" toggle (cards, the detail page): named after the listing, pressed while it is in the compare
 * selection. A pick past MAX_COMPARE is refused; the compare tray says why.
 */
export function CompareButton({ id, title, className }: CompareButtonProps) {
  const { t } = useTranslation('listings');
  const pressed = useCompareIds().includes(id);
  return (
    <CompareToggle
      pressed={pressed}
      onToggle={() => toggleCompare(id)}
      label={t('compare.toggleLabel', { title })}
      text={t('compare.toggle')}
      className={className}
    />
  );
}
