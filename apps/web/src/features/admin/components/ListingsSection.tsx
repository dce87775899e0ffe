import type { AdminProperty, AdminPropertyAction } from '@baan/contract';
import { Eye, EyeOff, Star, StarOff, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Cell } from '../../../components/ui/DataTable';
import { Link } from '../../../i18n/localized-router';
import {
  type PropertiesArgs,
  useDeletePropertyMutation,
  useGetAdminPropertiesQuery,
  usePropertyActionMutation,
} from '../api/admin-api';
import { formatBaht } from '../lib/format';
import { pickOption, usePageParams } from '../lib/use-page-params';
import {
  ActionButton,
  AdminSection,
  actionButtons,
  actionsCell,
  Badge,
  NameAndEmail,
  PagedTable,
  SearchForm,
  SelectFilter,
  useColumnNames,
} from './ui';
import { useConfirmAction, useToastAction } from './use-confirm-action';

const STATUSES: readonly PropertiesArgs['status'][] = ['all', 'active', 'hidden'];

const ACTION_DONE: Record<AdminPropertyAction, string> = {
  hide: 'listings.done.hide',
  show: 'listings.done.show',
  feature: 'listings.done.feature',
  unfeature: 'listings.done.unfeature',
};

/** Listings of every status: search, filter, hide / show, feature / unfeature, delete. */
export function ListingsSection() {
  const { t } = useTranslation('admin');
  const { params, q, page, setParam, setPage } = usePageParams();
  const status = pickOption(STATUSES, params.get('status'), 'all');
  const query = useGetAdminPropertiesQuery({ q, status, page });
  const [runAction, { isLoading: isActing }] = usePropertyActionMutation();
  const [deleteProperty, { isLoading: isDeleting }] = useDeletePropertyMutation();
  const run = useToastAction();
  const remove = useConfirmAction<AdminProperty>({
    describe: (property) => ({
      title: t('listings.deleteTitle'),
      message: t('listings.deleteMessage', { title: property.title }),
      confirmLabel: t('listings.actions.delete'),
    }),
    perform: async (property) => {
      await deleteProperty(property.id).unwrap();
      return t('listings.done.delete', { title: property.title });
    },
    isBusy: isDeleting,
  });

  const act = (property: AdminProperty, action: AdminPropertyAction) =>
    run(async () => {
      await runAction({ id: property.id, action }).unwrap();
      return t(ACTION_DONE[action], { title: property.title });
    });

  /** A hide / show / feature / unfeature button, named with the listing's title. */
  const actionButton = (property: AdminProperty, action: AdminPropertyAction, icon: typeof Eye) => (
    <ActionButton
      icon={icon}
      label={t(`listings.actions.${action}`)}
      name={t(`listings.actions.${action}Label`, { title: property.title })}
      disabled={isActing}
      onClick={() => void act(property, action)}
    />
  );

  const columns = {
    ...useColumnNames('listings.columns', ['listing', 'owner', 'price', 'status', 'inquiries']),
    actions: t('common.actions'),
  };

  return (
    <AdminSection name="listings">
      <div className="mt-4 flex flex-wrap items-end gap-3">
        <SearchForm label={t('listings.search')} value={q ?? ''} onSearch={(next) => setParam('q', next)} />
        <SelectFilter
          label={t('listings.statusFilter')}
          value={status}
          onChange={(next) => setParam('status', next === 'all' ? '' : next)}
          options={STATUSES.map((value) => ({ value, label: t(`listings.statusOptions.${value}`) }))}
        />
      </div>
      <PagedTable
        query={query}
        emptyMessage={t('listings.empty')}
        caption={t('listings.caption')}
        columns={columns}
        onPage={setPage}
      >
        {(property) => (
          <>
            <Cell label={columns.listing} isLabelHidden={true}>
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
            <Cell label={columns.owner} className="md:min-w-56">
              <NameAndEmail name={property.owner.name} email={property.owner.email} />
              {property.owner.disabled ? <Badge tone="red">{t('users.disabledBadge')}</Badge> : null}
            </Cell>
            <Cell label={columns.price}>
              <span className="whitespace-nowrap">{formatBaht(property.price)}</span>
            </Cell>
            <Cell label={columns.status}>
              <div className="flex flex-wrap gap-1">
                <Badge tone={property.status === 'active' ? 'green' : 'slate'}>
                  {t(`listings.statusOptions.${property.status}`)}
                </Badge>
                {property.is_featured ? <Badge tone="amber">{t('listings.featured')}</Badge> : null}
              </div>
            </Cell>
            <Cell label={columns.inquiries}>{property.inquiry_count}</Cell>
            <Cell label={columns.actions} isLabelHidden={true} className={actionsCell}>
              <div className={actionButtons}>
                {property.status === 'active'
                  ? actionButton(property, 'hide', EyeOff)
                  : actionButton(property, 'show', Eye)}
                {property.is_featured
                  ? actionButton(property, 'unfeature', StarOff)
                  : actionButton(property, 'feature', Star)}
                <ActionButton
                  icon={Trash2}
                  tone="danger"
                  label={t('listings.actions.delete')}
                  name={t('listings.actions.deleteLabel', { title: property.title })}
                  onClick={() => remove.ask(property)}
                />
              </div>
            </Cell>
          </>
        )}
      </PagedTable>
      {remove.dialog}
    </AdminSection>
  );
}
