import type { AdminUser } from '@baan/contract';
import { type ReactNode, useState } from 'react';
import { Cell } from '../../../components/ui/DataTable';
import { Ban, CircleCheck, Eye } from '../../../components/ui/icons';
import { ErrorState, LoadingState } from '../../../components/ui/QueryStates';
import { Link } from '../../../i18n/localized-router';
import { useTranslation } from '../../../i18n/use-translation';
import { useAppSelector } from '../../../session/store';
import { useGetAdminUserQuery, useGetAdminUsersQuery, useSetUserDisabledMutation } from '../api/admin-api';
import { formatBaht, formatDate } from '../lib/format';
import { useErrorMessage } from '../lib/use-error-message';
import { usePageParams } from '../lib/use-page-params';
import { Modal } from './Modal';
import {
  ActionButton,
  AdminSection,
  actionButtons,
  actionsCell,
  Badge,
  NameAndEmail,
  PagedTable,
  SearchForm,
  useColumnNames,
} from './ui';
import { useConfirmAction } from './use-confirm-action';

/** Users: search, subscription and listings at a glance, a detail view, disable / enable. */
export function UsersSection() {
  const { t } = useTranslation('admin');
  const selfId = useAppSelector((s) => s.login.user?.id);
  const { q, page, setParam, setPage } = usePageParams();
  const query = useGetAdminUsersQuery({ q, page });
  const [setDisabled, { isLoading: isSaving }] = useSetUserDisabledMutation();
  const [detailId, setDetailId] = useState<number | null>(null);
  const toggle = useConfirmAction<AdminUser>({
    describe: (user) => ({
      title: t(user.disabled ? 'users.enableTitle' : 'users.disableTitle', { name: user.name }),
      message: t(user.disabled ? 'users.enableMessage' : 'users.disableMessage', { name: user.name }),
      confirmLabel: t(user.disabled ? 'users.enable' : 'users.disable'),
    }),
    perform: async (user) => {
      const disabled = !user.disabled;
      await setDisabled({ id: user.id, disabled }).unwrap();
      return t(disabled ? 'users.done.disable' : 'users.done.enable', { name: user.name });
    },
    isBusy: isSaving,
  });

  const columns = {
    ...useColumnNames('users.columns', ['user', 'role', 'listings', 'subscription']),
    actions: t('common.actions'),
  };

  return (
    <AdminSection name="users">
      <div className="mt-4">
        <SearchForm label={t('users.search')} value={q ?? ''} onSearch={(next) => setParam('q', next)} />
      </div>
      <PagedTable
        query={query}
        emptyMessage={t('users.empty')}
        caption={t('users.caption')}
        columns={columns}
        onPage={setPage}
      >
        {(user) => (
          <>
            <Cell label={columns.user} isLabelHidden={true}>
              <NameAndEmail name={user.name} email={user.email} />
            </Cell>
            <Cell label={columns.role}>
              <UserBadges user={user} />
            </Cell>
            <Cell label={columns.listings}>{user.listing_count}</Cell>
            <Cell label={columns.subscription}>
              <SubscriptionText user={user} />
            </Cell>
            <Cell label={columns.actions} isLabelHidden={true} className={actionsCell}>
              <div className={actionButtons}>
                <ActionButton
                  icon={Eye}
                  label={t('users.view')}
                  name={t('users.viewLabel', { name: user.name })}
                  onClick={() => setDetailId(user.id)}
                />
                {user.id === selfId ? null : <ToggleButton user={user} onClick={() => toggle.ask(user)} />}
              </div>
            </Cell>
          </>
        )}
      </PagedTable>
      {detailId !== null ? (
        <UserDetail
          id={detailId}
          isSelf={detailId === selfId}
          onClose={() => setDetailId(null)}
          onToggle={toggle.ask}
        />
      ) : null}
      {toggle.dialog}
    </AdminSection>
  );
}

function ToggleButton({ user, onClick }: { user: AdminUser; onClick: () => void }) {
  const { t } = useTranslation('admin');
  const enables = user.disabled;
  return (
    <ActionButton
      icon={enables ? CircleCheck : Ban}
      tone={enables ? 'secondary' : 'danger'}
      label={t(enables ? 'users.enable' : 'users.disable')}
      name={t(enables ? 'users.enableLabel' : 'users.disableLabel', { name: user.name })}
      onClick={onClick}
    />
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
        <LoadingState label={t('common.loading')} />
      ) : error || !data ? (
        <ErrorState message={errorMessage(error)} retryLabel={t('common.retry')} onRetry={() => void refetch()} />
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
