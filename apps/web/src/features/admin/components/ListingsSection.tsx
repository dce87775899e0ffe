import {
  ADMIN_LISTING_FILTERS,
  type AdminProperty,
  type AdminPropertyAction,
  PROPERTY_STATUSES,
  REVIEW_NOTE_MAX,
  REVIEW_REASONS,
} from '@baan/contract';
import { useState } from 'react';
import { Cell } from '../../../components/ui/DataTable';
import { Check, Eye, EyeOff, Star, StarOff, Trash2, X } from '../../../components/ui/icons';
import { Link } from '../../../i18n/localized-router';
import { useTranslation } from '../../../i18n/use-translation';
import { useLocalizePlace } from '../../../lib/places/use-localize-place';
import {
  useDeleteAdminPropertyMutation,
  useGetAdminPropertiesQuery,
  usePropertyActionMutation,
  useRejectPropertyMutation,
} from '../api/admin-api';
import { formatBaht } from '../lib/format';
import { pickOption, usePageParams } from '../lib/use-page-params';
import { ReasonDialog } from './ReasonDialog';
import {
  ActionButton,
  AdminSection,
  actionButtons,
  actionsCell,
  Badge,
  FilterTabs,
  NameAndEmail,
  PagedTable,
  SearchForm,
  SelectFilter,
  useColumnNames,
} from './ui';
import { useConfirmAction, useToastAction } from './use-confirm-action';

/** The status drop-down: every status or all of them (the review queue is its own tab). */
const STATUS_OPTIONS = ['all', ...PROPERTY_STATUSES] as const;

const ACTION_DONE: Record<AdminPropertyAction, string> = {
  hide: 'listings.done.hide',
  show: 'listings.done.show',
  feature: 'listings.done.feature',
  unfeature: 'listings.done.unfeature',
  approve: 'listings.done.approve',
};

const STATUS_TONES = {
  active: 'green',
  paused: 'amber',
  sold: 'blue',
  rented: 'blue',
  hidden: 'slate',
} as const satisfies Record<AdminProperty['status'], string>;

/**
 * Listings of every status: search, filter, the review queue (approve / reject with a reason), hide / show,
 * feature / unfeature, delete.
 */
export function ListingsSection() {
  const { t } = useTranslation('admin');
  const localizePlace = useLocalizePlace();
  const { params, q, page, setParam, setPage } = usePageParams();
  const status = pickOption(ADMIN_LISTING_FILTERS, params.get('status'), 'all');
  const isQueue = status === 'pending';
  const query = useGetAdminPropertiesQuery({ q, status, page });
  const [toReject, setToReject] = useState<AdminProperty | null>(null);
  const [runAction, { isLoading: isActing }] = usePropertyActionMutation();
  const [deleteProperty, { isLoading: isDeleting }] = useDeleteAdminPropertyMutation();
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

  /** An approve / hide / show / feature / unfeature button, named with the listing's title. */
  const actionButton = (
    property: AdminProperty,
    action: AdminPropertyAction,
    icon: typeof Eye,
    tone?: 'primary' | 'secondary',
  ) => (
    <ActionButton
      icon={icon}
      tone={tone}
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
      <div className="mt-4">
        <FilterTabs
          label={t('listings.tabs.label')}
          value={isQueue ? 'pending' : 'all'}
          onChange={(next) => setParam('status', next === 'pending' ? 'pending' : '')}
          options={[
            { value: 'all', label: t('listings.tabs.all') },
            { value: 'pending', label: t('listings.tabs.pending') },
          ]}
        />
      </div>
      <div className="mt-4 flex flex-wrap items-end gap-3">
        <SearchForm label={t('listings.search')} value={q ?? ''} onSearch={(next) => setParam('q', next)} />
        {isQueue ? null : (
          <SelectFilter
            label={t('listings.statusFilter')}
            value={status}
            onChange={(next) => setParam('status', next === 'all' ? '' : next)}
            options={STATUS_OPTIONS.map((value) => ({ value, label: t(`listings.statusOptions.${value}`) }))}
          />
        )}
      </div>
      <PagedTable
        query={query}
        emptyMessage={t(isQueue ? 'listings.pendingEmpty' : 'listings.empty')}
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
                    #{property.id} · {localizePlace(property.location)}
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
              <div className="min-w-0">
                <div className="flex flex-wrap gap-1">
                  <Badge tone={STATUS_TONES[property.status] ?? 'slate'}>
                    {t(`listings.statusOptions.${property.status}`, { defaultValue: property.status })}
                  </Badge>
                  {property.review === 'approved' ? null : (
                    <Badge tone={property.review === 'pending' ? 'amber' : 'red'}>
                      {t(`listings.review.${property.review}`)}
                    </Badge>
                  )}
                  {property.is_featured ? <Badge tone="teal">{t('listings.featured')}</Badge> : null}
                </div>
                <ReviewDetails property={property} />
              </div>
            </Cell>
            <Cell label={columns.inquiries}>{property.inquiry_count}</Cell>
            <Cell label={columns.actions} isLabelHidden={true} className={actionsCell}>
              <div className={actionButtons}>
                {property.review === 'pending' || property.pending_edit ? (
                  <>
                    {actionButton(property, 'approve', Check, 'primary')}
                    <ActionButton
                      icon={X}
                      tone="danger"
                      label={t('listings.actions.reject')}
                      name={t('listings.actions.rejectLabel', { title: property.title })}
                      disabled={isActing}
                      onClick={() => setToReject(property)}
                    />
                  </>
                ) : null}
                {property.status === 'hidden'
                  ? actionButton(property, 'show', Eye)
                  : actionButton(property, 'hide', EyeOff)}
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
      {toReject ? <RejectListingDialog property={toReject} onClose={() => setToReject(null)} /> : null}
    </AdminSection>
  );
}

/**
 * Why a listing waits for review (the rules' reasons, translated), an approved listing's text edit waiting for review
 * (the new text, what it is held for), and an admin's reason for a rejection.
 */
function ReviewDetails({ property }: { property: AdminProperty }) {
  const { t } = useTranslation('admin');
  const edit = property.pending_edit;
  const reasons = property.review === 'pending' ? property.review_reasons : (edit?.reasons ?? []);
  const note = property.review === 'rejected' ? property.review_note : null;
  if (reasons.length === 0 && !note && !edit) return null;
  return (
    <div className="mt-1.5 text-xs text-slate-700">
      {edit ? (
        <div className="mb-1.5 rounded-md border border-amber-300 bg-amber-50 p-2 text-amber-950">
          <p className="font-semibold">{t('listings.review.pendingEdit')}</p>
          {edit.title !== null ? (
            <p className="mt-0.5 break-words">{t('listings.review.newTitle', { title: edit.title })}</p>
          ) : null}
          {edit.description !== null ? (
            <p className="mt-0.5 break-words whitespace-pre-line">
              {t('listings.review.newDescription', { description: edit.description })}
            </p>
          ) : null}
        </div>
      ) : null}
      {reasons.length > 0 ? (
        <>
          <span className="font-semibold">{t('listings.review.reasonsLabel')}</span>
          <ul className="mt-0.5 list-disc space-y-0.5 pl-4">
            {reasons.map((reason) => (
              <li key={reason}>
                {(REVIEW_REASONS as readonly string[]).includes(reason)
                  ? t(`listings.review.reasons.${reason}`)
                  : reason}
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {note ? <p className="break-words">{t('listings.review.note', { note })}</p> : null}
    </div>
  );
}

/** Reject a held listing with a reason (required; the server mails it to the owner). */
function RejectListingDialog({ property, onClose }: { property: AdminProperty; onClose: () => void }) {
  const { t } = useTranslation('admin');
  const [reject, { isLoading }] = useRejectPropertyMutation();
  return (
    <ReasonDialog
      title={t('listings.reject.title')}
      message={t('listings.reject.message', { title: property.title })}
      label={t('listings.reject.reason')}
      hint={t('listings.reject.reasonHint', { max: REVIEW_NOTE_MAX })}
      submitLabel={t('listings.reject.submit')}
      max={REVIEW_NOTE_MAX}
      required={t('listings.reject.reasonRequired')}
      tooLong={t('listings.reject.reasonTooLong', { max: REVIEW_NOTE_MAX })}
      isBusy={isLoading}
      onSubmit={(reason) => reject({ id: property.id, reason }).unwrap()}
      done={t('listings.done.reject', { title: property.title })}
      onClose={onClose}
    />
  );
}
