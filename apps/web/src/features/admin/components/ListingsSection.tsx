import type { AdminProperty, AdminPropertyAction } from '@baan/contract';
import { Eye, EyeOff, Star, StarOff, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog';
import { toast } from '../../../lib/toast';
import {
  type PropertiesArgs,
  useDeletePropertyMutation,
  useGetAdminPropertiesQuery,
  usePropertyActionMutation,
} from '../api/admin-api';
import { formatBaht } from '../lib/format';
import { useErrorMessage } from '../lib/use-error-message';
import { usePageParams } from '../lib/use-page-params';
import {
  actionButtons,
  actionsCell,
  Badge,
  buttons,
  Cell,
  Email,
  EmptyState,
  ErrorState,
  LoadingState,
  Pager,
  SearchForm,
  SectionHeader,
  table,
} from './ui';

const STATUSES = ['all', 'active', 'hidden'] as const;
type StatusFilter = PropertiesArgs['status'];

const ACTION_DONE: Record<AdminPropertyAction, string> = {
  hide: 'listings.done.hide',
  show: 'listings.done.show',
  feature: 'listings.done.feature',
  unfeature: 'listings.done.unfeature',
};

/** Listings of every status: search, filter, hide / show, feature / unfeature, delete. */
export function ListingsSection() {
  const { t } = useTranslation('admin');
  const errorMessage = useErrorMessage();
  const statusId = useId();
  const [params] = useSearchParams();
  const { q, page, setParam } = usePageParams();
  const rawStatus = params.get('status');
  const status: StatusFilter = STATUSES.includes(rawStatus as StatusFilter) ? (rawStatus as StatusFilter) : 'all';
  const { data, isLoading, isFetching, error, refetch } = useGetAdminPropertiesQuery({ q, status, page });
  const [runAction, { isLoading: isActing }] = usePropertyActionMutation();
  const [deleteProperty, { isLoading: isDeleting }] = useDeletePropertyMutation();
  const [toDelete, setToDelete] = useState<AdminProperty | null>(null);

  const act = async (property: AdminProperty, action: AdminPropertyAction) => {
    try {
      await runAction({ id: property.id, action }).unwrap();
      toast.success(t(ACTION_DONE[action], { title: property.title }));
    } catch (failure) {
      toast.error(errorMessage(failure));
    }
  };

  const confirmDelete = async () => {
    if (!toDelete) return;
    try {
      await deleteProperty(toDelete.id).unwrap();
      toast.success(t('listings.done.delete', { title: toDelete.title }));
    } catch (failure) {
      toast.error(errorMessage(failure));
    }
    setToDelete(null);
  };

  return (
    <section aria-labelledby="admin-listings-title">
      <SectionHeader id="admin-listings-title" title={t('listings.title')} lead={t('listings.lead')} />
      <div className="mt-4 flex flex-wrap items-end gap-3">
        <SearchForm label={t('listings.search')} value={q ?? ''} onSearch={(next) => setParam('q', next)} />
        <div>
          <label htmlFor={statusId} className="block text-xs font-semibold text-slate-600">
            {t('listings.statusFilter')}
          </label>
          <select
            id={statusId}
            value={status}
            onChange={(event) => setParam('status', event.target.value === 'all' ? '' : event.target.value)}
            className="mt-1 rounded-lg border border-slate-300 bg-white px-3 py-2 text-base sm:text-sm"
          >
            {STATUSES.map((value) => (
              <option key={value} value={value}>
                {t(`listings.statusOptions.${value}`)}
              </option>
            ))}
          </select>
        </div>
      </div>
      {isLoading || (isFetching && !data) ? (
        <LoadingState />
      ) : error ? (
        <ErrorState message={errorMessage(error)} onRetry={() => void refetch()} />
      ) : !data || data.items.length === 0 ? (
        <div className="mt-4">
          <EmptyState message={t('listings.empty')} />
        </div>
      ) : (
        <>
          <p className="mt-4 text-sm text-slate-600" aria-live="polite">
            {t('common.total', { count: data.total })}
          </p>
          <div className={table.wrap}>
            <table className={table.table}>
              <caption className="sr-only">{t('listings.caption')}</caption>
              <thead className={table.thead}>
                <tr>
                  <th scope="col" className={table.th}>
                    {t('listings.columns.listing')}
                  </th>
                  <th scope="col" className={table.th}>
                    {t('listings.columns.owner')}
                  </th>
                  <th scope="col" className={table.th}>
                    {t('listings.columns.price')}
                  </th>
                  <th scope="col" className={table.th}>
                    {t('listings.columns.status')}
                  </th>
                  <th scope="col" className={table.th}>
                    {t('listings.columns.inquiries')}
                  </th>
                  <th scope="col" className={table.th}>
                    {t('common.actions')}
                  </th>
                </tr>
              </thead>
              <tbody className={table.tbody}>
                {data.items.map((property) => (
                  <tr key={property.id} className={table.tr}>
                    <Cell label={t('listings.columns.listing')} isLabelHidden={true}>
                      <div className="flex items-start gap-3">
                        {property.cover_image ? (
                          <img
                            src={property.cover_image}
                            alt=""
                            className="size-14 shrink-0 rounded-lg bg-slate-100 object-cover"
                          />
                        ) : (
                          <span className="size-14 shrink-0 rounded-lg bg-slate-200" aria-hidden="true" />
                        )}
                        <div className="min-w-0">
                          <Link
                            to={`/detail/${property.id}`}
                            className="font-semibold break-words text-teal-800 hover:underline"
                          >
                            {property.title}
                          </Link>
                          <span className="block text-xs text-slate-600">
                            #{property.id} · {property.location}
                          </span>
                        </div>
                      </div>
                    </Cell>
                    <Cell label={t('listings.columns.owner')} className="md:min-w-56">
                      <span className="block font-medium text-slate-900">{property.owner.name}</span>
                      <Email address={property.owner.email} className="text-slate-600" />
                      {property.owner.disabled ? <Badge tone="red">{t('users.disabledBadge')}</Badge> : null}
                    </Cell>
                    <Cell label={t('listings.columns.price')}>
                      <span className="whitespace-nowrap">{formatBaht(property.price)}</span>
                    </Cell>
                    <Cell label={t('listings.columns.status')}>
                      <div className="flex flex-wrap gap-1">
                        <Badge tone={property.status === 'active' ? 'green' : 'slate'}>
                          {t(`listings.statusOptions.${property.status}`)}
                        </Badge>
                        {property.is_featured ? <Badge tone="amber">{t('listings.featured')}</Badge> : null}
                      </div>
                    </Cell>
                    <Cell label={t('listings.columns.inquiries')}>{property.inquiry_count}</Cell>
                    <Cell label={t('common.actions')} isLabelHidden={true} className={actionsCell}>
                      <div className={actionButtons}>
                        {property.status === 'active' ? (
                          <button
                            type="button"
                            className={buttons.secondary}
                            disabled={isActing}
                            onClick={() => void act(property, 'hide')}
                            aria-label={t('listings.actions.hideLabel', { title: property.title })}
                          >
                            <EyeOff className="size-4" aria-hidden="true" />
                            {t('listings.actions.hide')}
                          </button>
                        ) : (
                          <button
                            type="button"
                            className={buttons.secondary}
                            disabled={isActing}
                            onClick={() => void act(property, 'show')}
                            aria-label={t('listings.actions.showLabel', { title: property.title })}
                          >
                            <Eye className="size-4" aria-hidden="true" />
                            {t('listings.actions.show')}
                          </button>
                        )}
                        {property.is_featured ? (
                          <button
                            type="button"
                            className={buttons.secondary}
                            disabled={isActing}
                            onClick={() => void act(property, 'unfeature')}
                            aria-label={t('listings.actions.unfeatureLabel', { title: property.title })}
                          >
                            <StarOff className="size-4" aria-hidden="true" />
                            {t('listings.actions.unfeature')}
                          </button>
                        ) : (
                          <button
                            type="button"
                            className={buttons.secondary}
                            disabled={isActing}
                            onClick={() => void act(property, 'feature')}
                            aria-label={t('listings.actions.featureLabel', { title: property.title })}
                          >
                            <Star className="size-4" aria-hidden="true" />
                            {t('listings.actions.feature')}
                          </button>
                        )}
                        <button
                          type="button"
                          className={buttons.danger}
                          onClick={() => setToDelete(property)}
                          aria-label={t('listings.actions.deleteLabel', { title: property.title })}
                        >
                          <Trash2 className="size-4" aria-hidden="true" />
                          {t('listings.actions.delete')}
                        </button>
                      </div>
                    </Cell>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pager
            page={data.page}
            perPage={data.per_page}
            total={data.total}
            onPage={(next) => setParam('page', String(next))}
          />
        </>
      )}
      {toDelete ? (
        <ConfirmDialog
          title={t('listings.deleteTitle')}
          message={t('listings.deleteMessage', { title: toDelete.title })}
          confirmLabel={t('listings.actions.delete')}
          cancelLabel={t('common.cancel')}
          isBusy={isDeleting}
          onConfirm={() => void confirmDelete()}
          onCancel={() => setToDelete(null)}
        />
      ) : null}
    </section>
  );
}
