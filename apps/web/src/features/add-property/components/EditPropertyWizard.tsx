import { useRef, useState } from 'react';
import { AlertTriangle } from '../../../components/ui/icons';
import { ErrorState, LoadingState } from '../../../components/ui/QueryStates';
import { Link } from '../../../i18n/localized-router';
import { useTranslation } from '../../../i18n/use-translation';
import { useGetListingsToEditQuery } from '../api/listing-api';
import { AddPropertyWizard, type AddPropertyWizardProps } from './AddPropertyWizard';

interface EditPropertyWizardProps extends Omit<AddPropertyWizardProps, 'listing' | 'onNeedPackage'> {
  /** The listing's id from the address (/edit-property/:id); anything that is no id finds nothing. */
  listingId: number;
}

/**
 * /edit-property/:id: the wizard filled in with one of the owner's listings, found in GET /api/user/properties (every
 * status is there). The list is read afresh on entry, so the edit starts from the listing as it is now.
 */
export function EditPropertyWizard({ listingId, ...wizard }: EditPropertyWizardProps) {
  const { t } = useTranslation('property');
  const [openedAt] = useState(() => Date.now());
  const { data, isFetching, isError, refetch, fulfilledTimeStamp } = useGetListingsToEditQuery(undefined, {
    refetchOnMountOrArgChange: true,
  });
  // Only a list read since the page opened (not one cached earlier); once it is in, the wizard keeps the listing it
  // started from, whatever a later refetch brings.
  const isFresh = useRef(false);
  if (data && !isFetching && (fulfilledTimeStamp ?? 0) >= openedAt) isFresh.current = true;

  if (!isFresh.current) {
    return (
      <div className="mx-auto w-full max-w-4xl px-4 py-10 sm:px-6">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">{t('edit.title')}</h1>
        {isError && !isFetching ? (
          <div className="mt-8">
            <ErrorState message={t('edit.loadFailed')} retryLabel={t('edit.retry')} onRetry={() => void refetch()} />
          </div>
        ) : (
          <LoadingState label={t('edit.loading')} />
        )}
      </div>
    );
  }
  const listing = data?.find((own) => own.id === listingId);
  if (!listing) {
    return (
      <div className="mx-auto w-full max-w-4xl px-4 py-10 sm:px-6">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">{t('edit.title')}</h1>
        <div
          role="alert"
          className="mt-8 flex flex-col items-center gap-3 rounded-xl border border-amber-300 bg-amber-50 px-6 py-10 text-center"
        >
          <AlertTriangle className="size-7 text-amber-700" aria-hidden="true" />
          <p className="font-semibold text-amber-950">{t('edit.notFound')}</p>
          <Link
            to="/dashboard/properties"
            className="rounded-lg bg-teal-700 px-4 py-2 text-sm font-semibold text-white hover:bg-teal-800"
          >
            {t('edit.backToList')}
          </Link>
        </div>
      </div>
    );
  }
  return <AddPropertyWizard key={listing.id} listing={listing} {...wizard} />;
}
