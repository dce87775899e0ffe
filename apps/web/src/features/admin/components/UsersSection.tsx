import type { AdminUser } from '@baan/contract';
import { Ban, CircleCheck, Eye } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAppSelector } from '../../../app/store';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog';
import { toast } from '../../../lib/toast';
import { useGetAdminUserQuery, useGetAdminUsersQuery, useSetUserDisabledMutation } from '../api/admin-api';
import { formatBaht, formatDate } from '../lib/format';
import { useErrorMessage } from '../lib/use-error-message';
import { usePageParams } from '../lib/use-page-params';
import { Modal } from './Modal';
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

/** Users: search, subscription and listings at a glance, a detail view, disable / enable. */
export function UsersSection() {
  const { t } = useTranslation('admin');
  const errorMessage = useErrorMessage();
  const selfId = useAppSelector((s) => s.login.user?.id);
  const { q, page, setParam } = usePageParams();
  const { data, isLoading, isFetching, error, refetch } = useGetAdminUsersQuery({ q, page });
  const [setDisabled, { isLoading: isSaving }] = useSetUserDisabledMutation();
  const [toToggle, setToToggle] = useState<AdminUser | null>(null);
  const [detailId, setDetailId] = useState<number | null>(null);

  const confirmToggle = async () => {
    if (!toToggle) return;
    const disabled = !toToggle.disabled;
    try {
      await setDisabled({ id: toToggle.id, disabled }).unwrap();
      toast.success(t(disabled ? 'users.done.disable' : 'users.done.enable', { name: toToggle.name }));
    } catch (failure) {
      toast.error(errorMessage(failure));
    }
    setToToggle(null);
  };

  return (
    <section aria-labelledby="admin-users-title">
      <SectionHeader id="admin-users-title" title={t('users.title')} lead={t('users.lead')} />
      <div className="mt-4">
        <SearchForm label={t('users.search')} value={q ?? ''} onSearch={(next) => setParam('q', next)} />
      </div>
      {isLoading || (isFetching && !data) ? (
        <LoadingState />
      ) : error ? (
        <ErrorState message={errorMessage(error)} onRetry={() => void refetch()} />
      ) : !data || data.items.length === 0 ? (
        <div className="mt-4">
          <EmptyState message={t('users.empty')} />
        </div>
      ) : (
        <>
          <p className="mt-4 text-sm text-slate-600" aria-live="polite">
            {t('common.total', { count: data.total })}
          </p>
          <div className={table.wrap}>
            <table className={table.table}>
              <caption className="sr-only">{t('users.caption')}</caption>
              <thead className={table.thead}>
                <tr>
                  <th scope="col" className={table.th}>
                    {t('users.columns.user')}
                  </th>
                  <th scope="col" className={table.th}>
                    {t('users.columns.role')}
                  </th>
                  <th scope="col" className={table.th}>
                    {t('users.columns.listings')}
                  </th>
                  <th scope="col" className={table.th}>
                    {t('users.columns.subscription')}
                  </th>
                  <th scope="col" className={table.th}>
                    {t('common.actions')}
                  </th>
                </tr>
              </thead>
              <tbody className={table.tbody}>
                {data.items.map((user) => (
                  <tr key={user.id} className={table.tr}>
                    <Cell label={t('users.columns.user')} isLabelHidden={true}>
                      <span className="block font-medium text-slate-900">{user.name}</span>
                      <Email address={user.email} className="text-slate-600" />
                    </Cell>
                    <Cell label={t('users.columns.role')}>
                      <UserBadges user={user} />
                    </Cell>
                    <Cell label={t('users.columns.listings')}>{user.listing_count}</Cell>
                    <Cell label={t('users.columns.subscription')}>
                      <SubscriptionText user={user} />
                    </Cell>
                    <Cell label={t('common.actions')} isLabelHidden={true} className={actionsCell}>
                      <div className={actionButtons}>
                        <button
                          type="button"
                          className={buttons.secondary}
                          onClick={() => setDetailId(user.id)}
                          aria-label={t('users.viewLabel', { name: user.name })}
                        >
                          <Eye className="size-4" aria-hidden="true" />
                          {t('users.view')}
                        </button>
                        {user.id === selfId ? null : <ToggleButton user={user} onClick={() => setToToggle(user)} />}
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
      {detailId !== null ? (
        <UserDetail
          id={detailId}
          isSelf={detailId === selfId}
          onClose={() => setDetailId(null)}
          onToggle={setToToggle}
        />
      ) : null}
      {toToggle ? (
        <ConfirmDialog
          title={t(toToggle.disabled ? 'users.enableTitle' : 'users.disableTitle', { name: toToggle.name })}
          message={t(toToggle.disabled ? 'users.enableMessage' : 'users.disableMessage', { name: toToggle.name })}
          confirmLabel={t(toToggle.disabled ? 'users.enable' : 'users.disable')}
          cancelLabel={t('common.cancel')}
          isBusy={isSaving}
          onConfirm={() => void confirmToggle()}
          onCancel={() => setToToggle(null)}
        />
      ) : null}
    </section>
  );
}

function ToggleButton({ user, onClick }: { user: AdminUser; onClick: () => void }) {
  const { t } = useTranslation('admin');
  return user.disabled ? (
    <button
      type="button"
      className={buttons.secondary}
      onClick={onClick}
      aria-label={t('users.enableLabel', { name: user.name })}
    >
      <CircleCheck className="size-4" aria-hidden="true" />
      {t('users.enable')}
    </button>
  ) : (
    <button
      type="button"
      className={buttons.danger}
      onClick={onClick}
      aria-label={t('users.disableLabel', { name: user.name })}
    >
      <Ban className="size-4" aria-hidden="true" />
      {t('users.disable')}
    </button>
  );
}

function UserBadges({ user }: { user: AdminUser }) {
  const { t } = useTranslation('admin');
  return (
    <div className="flex flex-wrap gap-1">
      <Badge tone={user.role === 'admin' ? 'teal' : 'slate'}>{t(`users.roles.${user.role}`)}</Badge>
      {user.email_verified ? (
        <Badge tone="green">{t('users.verified')}</Badge>
      ) : (
        <Badge tone="amber">{t('users.unverified')}</Badge>
      )}
      {user.disabled ? <Badge tone="red">{t('users.disabledBadge')}</Badge> : null}
    </div>
  );
}

function SubscriptionText({ user }: { user: AdminUser }) {
  const { t } = useTranslation('admin');
  const { subscription } = user;
  if (!subscription.is_active || !subscription.ends_at) {
    return <span className="text-slate-600">{t('users.noSubscription')}</span>;
  }
  return (
    <span>
      <span className="block font-medium text-slate-900">{subscription.package_name ?? '—'}</span>
      <span className="block text-slate-600">{t('users.activeUntil', { date: formatDate(subscription.ends_at) })}</span>
    </span>
  );
}

function UserDetail({
  id,
  isSelf,
  onClose,
  onToggle,
}: {
  id: number;
  isSelf: boolean;
  onClose: () => void;
  onToggle: (user: AdminUser) => void;
}) {
  const { t } = useTranslation('admin');
  const errorMessage = useErrorMessage();
  const { data, isLoading, error, refetch } = useGetAdminUserQuery(id);
  return (
    <Modal title={data ? data.name : t('users.detailTitle')} size="lg" onClose={onClose}>
      {isLoading ? (
        <LoadingState />
      ) : error || !data ? (
        <ErrorState message={errorMessage(error)} onRetry={() => void refetch()} />
      ) : (
        <div className="space-y-5 text-sm">
          <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-2">
            <Detail term={t('users.fields.email')}>{data.email}</Detail>
            <Detail term={t('users.fields.phone')}>{data.phone_number ?? '—'}</Detail>
            <Detail term={t('users.fields.company')}>{data.company_name ?? '—'}</Detail>
            <Detail term={t('users.fields.joined')}>{formatDate(data.created_at)}</Detail>
            <Detail term={t('users.fields.status')}>
              <UserBadges user={data} />
            </Detail>
            <Detail term={t('users.columns.subscription')}>
              <SubscriptionText user={data} />
            </Detail>
          </dl>
          {isSelf ? null : (
            <div>
              <ToggleButton user={data} onClick={() => onToggle(data)} />
            </div>
          )}
          <div>
            <h3 className="font-semibold text-slate-900">
              {t('users.listingsTitle', { count: data.listings.length })}
            </h3>
            {data.listings.length === 0 ? (
              <p className="mt-2 text-slate-600">{t('users.noListings')}</p>
            ) : (
              <ul className="mt-2 divide-y divide-slate-200 rounded-lg border border-slate-200">
                {data.listings.map((listing) => (
                  <li key={listing.id} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2">
                    <Link to={`/detail/${listing.id}`} className="font-medium text-teal-800 hover:underline">
                      {listing.title}
                    </Link>
                    <span className="flex flex-wrap items-center gap-2">
                      <span className="text-slate-700">{formatBaht(listing.price)}</span>
                      <Badge tone={listing.status === 'active' ? 'green' : 'slate'}>
                        {t(`listings.statusOptions.${listing.status}`)}
                      </Badge>
                      {listing.is_featured ? <Badge tone="amber">{t('listings.featured')}</Badge> : null}
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </div>
        </div>
      )}
    </Modal>
  );
}

function Detail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-semibold text-slate-500 uppercase">{term}</dt>
      <dd className="mt-0.5 break-words text-slate-900">{children}</dd>
    </div>
  );
}
