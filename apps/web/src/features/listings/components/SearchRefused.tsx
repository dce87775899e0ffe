import { CircleAlert } from '../../../components/ui/icons';
import { useTranslation } from '../../../i18n/use-translation';

/** The API's reason a search from the address was not run (its filters are left out of the listings below). */
export function SearchRefused({ message }: { message: string }) {
  const { t } = useTranslation('listings');
  return (
    <p
      role="alert"
      data-testid="search-refused"
      className="mt-4 flex items-start gap-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm font-medium text-amber-950"
    >
      <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      {t('facts.filters.refused', { message })}
    </p>
  );
}
