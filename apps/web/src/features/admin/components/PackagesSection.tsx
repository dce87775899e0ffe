import { type AdminPackage, PACKAGE_FEATURES, PACKAGE_LIMITS } from '@baan/contract';
import { type FormEvent, useId, useState } from 'react';
import { Cell } from '../../../components/ui/DataTable';
import { Archive, Pencil, Plus } from '../../../components/ui/icons';
import { TextField } from '../../../components/ui/TextField';
import { useTranslation } from '../../../i18n/use-translation';
import { toast } from '../../../lib/toast';
import {
  type PackageFields,
  useCreatePackageMutation,
  useGetAdminPackagesQuery,
  useRetirePackageMutation,
  useUpdatePackageMutation,
} from '../api/admin-api';
import { formatBaht } from '../lib/format';
import { useErrorMessage } from '../lib/use-error-message';
import { Modal } from './Modal';
import {
  ActionButton,
  AdminSection,
  actionButtons,
  actionsCell,
  Badge,
  buttons,
  QueryTable,
  useColumnNames,
} from './ui';
import { useConfirmAction } from './use-confirm-action';

type FieldErrors = Partial<Record<'name' | 'price' | 'featured_quota' | 'features', string>>;

/** Packages: what users can buy. Create, edit name, price, featured quota and features, retire. */
export function PackagesSection() {
  const { t } = useTranslation(['admin', 'payments']);
  const query = useGetAdminPackagesQuery();
  const [retire, { isLoading: isRetiring }] = useRetirePackageMutation();
  const [editing, setEditing] = useState<AdminPackage | 'new' | null>(null);
  const toRetire = useConfirmAction<AdminPackage>({
    describe: (pkg) => ({
      title: t('packages.retireTitle', { name: pkg.name }),
      message: t('packages.retireMessage'),
      confirmLabel: t('packages.retire'),
    }),
    perform: async (pkg) => {
      await retire(pkg.id).unwrap();
      return t('packages.done.retire', { name: pkg.name });
    },
    isBusy: isRetiring,
  });

  const columns = {
    ...useColumnNames('packages.columns', ['name', 'price', 'featuredQuota', 'features', 'subscriptions']),
    actions: t('common.actions'),
  };

  return (
    <AdminSection
      name="packages"
      actions={
        <ActionButton icon={Plus} tone="primary" label={t('packages.create')} onClick={() => setEditing('new')} />
      }
    >
      <QueryTable
        query={{ ...query, isFetching: false }}
        emptyMessage={t('packages.empty')}
        caption={t('packages.caption')}
        columns={columns}
      >
        {(pkg) => (
          <>
            <Cell label={columns.name} isLabelHidden={true}>
              <span className="flex flex-wrap items-center gap-2">
                <span className="font-semibold text-slate-900">{pkg.name}</span>
                {pkg.retired ? <Badge tone="slate">{t('packages.retired')}</Badge> : null}
              </span>
            </Cell>
            <Cell label={columns.price}>
              <span className="whitespace-nowrap">
                {formatBaht(pkg.price)} {t('packages.perDays', { days: pkg.duration_days })}
              </span>
            </Cell>
            <Cell label={columns.featuredQuota}>
              <span className="tabular-nums">{pkg.featured_quota}</span>
            </Cell>
            <Cell label={columns.features}>
              {pkg.features.length === 0 ? (
                <span className="text-slate-500">—</span>
              ) : (
                <ul className="list-disc space-y-0.5 pl-4 text-slate-700">
                  {pkg.features.map((feature) => (
                    <li key={feature}>{t(`features.${feature}`, { ns: 'payments', defaultValue: feature })}</li>
                  ))}
                </ul>
              )}
            </Cell>
            <Cell label={columns.subscriptions}>{pkg.active_subscriptions}</Cell>
            <Cell label={columns.actions} isLabelHidden={true} className={actionsCell}>
              {pkg.retired ? (
                <span className="text-slate-500">—</span>
              ) : (
                <div className={actionButtons}>
                  <ActionButton
                    icon={Pencil}
                    label={t('packages.edit')}
                    name={t('packages.editLabel', { name: pkg.name })}
                    onClick={() => setEditing(pkg)}
                  />
                  <ActionButton
                    icon={Archive}
                    tone="danger"
                    label={t('packages.retire')}
                    name={t('packages.retireLabel', { name: pkg.name })}
                    onClick={() => toRetire.ask(pkg)}
                  />
                </div>
              )}
            </Cell>
          </>
        )}
      </QueryTable>
      {editing ? <PackageForm pkg={editing === 'new' ? undefined : editing} onClose={() => setEditing(null)} /> : null}
      {toRetire.dialog}
    </AdminSection>
  );
}

/** A whole number within bounds, or the key of what is wrong with it; `zero` refuses 0 with its own key. */
function checkWholeNumber(
  text: string,
  max: number,
  keys: { required: string; whole: string; negative: string; tooHigh: string; zero?: string },
): { value?: number; error?: string } {
  const trimmed = text.trim();
  const amount = Number(trimmed);
  if (!trimmed) return { error: keys.required };
  if (!Number.isFinite(amount) || !Number.isInteger(amount)) return { error: keys.whole };
  if (amount < 0) return { error: keys.negative };
  if (amount === 0 && keys.zero) return { error: keys.zero };
  if (amount > max) return { error: keys.tooHigh };
  return { value: amount };
}

/** The form's own checks, in the reader's language (the server repeats them in English). */
export function validatePackage(
  name: string,
  price: string,
  featuredQuota: string,
): { errors: FieldErrors; fields?: Omit<PackageFields, 'features'> } {
  const errors: FieldErrors = {};
  const trimmed = name.trim();
  if (!trimmed) errors.name = 'packages.errors.nameRequired';
  else if (trimmed.length > PACKAGE_LIMITS.name) errors.name = 'packages.errors.nameTooLong';
  const amount = checkWholeNumber(price, PACKAGE_LIMITS.price, {
    required: 'packages.errors.priceRequired',
    whole: 'packages.errors.priceWhole',
    negative: 'packages.errors.priceNegative',
    tooHigh: 'packages.errors.priceTooHigh',
    // The API refuses a free package too (access without paying is a grant, under Users).
    zero: 'packages.errors.priceFree',
  });
  if (amount.error) errors.price = amount.error;
  const quota = checkWholeNumber(featuredQuota, PACKAGE_LIMITS.featuredQuota, {
    required: 'packages.errors.quotaRequired',
    whole: 'packages.errors.quotaWhole',
    negative: 'packages.errors.quotaNegative',
    tooHigh: 'packages.errors.quotaTooHigh',
  });
  if (quota.error) errors.featured_quota = quota.error;
  if (amount.value === undefined || quota.value === undefined || Object.keys(errors).length > 0) return { errors };
  return { errors, fields: { name: trimmed, price: amount.value, featured_quota: quota.value } };
}

function PackageForm({ pkg, onClose }: { pkg?: AdminPackage; onClose: () => void }) {
  const { t } = useTranslation(['admin', 'payments']);
  const errorMessage = useErrorMessage();
  const featuresId = useId();
  const [create, { isLoading: isCreating }] = useCreatePackageMutation();
  const [update, { isLoading: isUpdating }] = useUpdatePackageMutation();
  const [name, setName] = useState(pkg?.name ?? '');
  const [price, setPrice] = useState(pkg ? String(pkg.price) : '');
  const [featuredQuota, setFeaturedQuota] = useState(String(pkg?.featured_quota ?? 0));
  const [features, setFeatures] = useState<string[]>(pkg?.features ?? []);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});
  const isBusy = isCreating || isUpdating;

  const toggle = (feature: string, checked: boolean) =>
    setFeatures((current) =>
      checked
        ? PACKAGE_FEATURES.filter((f) => f === feature || current.includes(f))
        : current.filter((f) => f !== feature),
    );

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const result = validatePackage(name, price, featuredQuota);
    setErrors(result.errors);
    setServerErrors({});
    if (!result.fields) return;
    const body = { ...result.fields, features };
    try {
      if (pkg) await update({ id: pkg.id, ...body }).unwrap();
      else await create(body).unwrap();
      toast.success(t(pkg ? 'packages.done.update' : 'packages.done.create', { name: body.name }));
      onClose();
    } catch (failure) {
      const fieldErrors = (failure as { errors?: Record<string, string[]> }).errors;
      const next: FieldErrors = {
        name: fieldErrors?.name?.[0],
        price: fieldErrors?.price?.[0],
        featured_quota: fieldErrors?.featured_quota?.[0],
        features: fieldErrors?.features?.[0],
      };
      if (next.name || next.price || next.featured_quota || next.features) setServerErrors(next);
      else toast.error(errorMessage(failure));
    }
  };

  const fieldError = (field: keyof FieldErrors) => {
    const key = errors[field];
    const max = field === 'featured_quota' ? PACKAGE_LIMITS.featuredQuota : PACKAGE_LIMITS.name;
    return key ? t(key, { max }) : serverErrors[field];
  };

  return (
    <Modal
      title={pkg ? t('packages.editTitle', { name: pkg.name }) : t('packages.createTitle')}
      onClose={onClose}
      isBusy={isBusy}
    >
      <form onSubmit={(event) => void submit(event)} noValidate className="space-y-4">
        <TextField
          label={t('packages.fields.name')}
          value={name}
          maxLength={PACKAGE_LIMITS.name}
          required
          error={fieldError('name')}
          onChange={(event) => setName(event.target.value)}
        />
        <TextField
          label={t('packages.fields.price')}
          hint={t('packages.fields.priceHint')}
          value={price}
          inputMode="numeric"
          required
          error={fieldError('price')}
          onChange={(event) => setPrice(event.target.value)}
        />
        <TextField
          label={t('packages.fields.featuredQuota')}
          hint={t('packages.fields.featuredQuotaHint', { max: PACKAGE_LIMITS.featuredQuota })}
          value={featuredQuota}
          inputMode="numeric"
          required
          error={fieldError('featured_quota')}
          onChange={(event) => setFeaturedQuota(event.target.value)}
        />
        <fieldset aria-describedby={fieldError('features') ? `${featuresId}-error` : undefined}>
          <legend className="text-sm font-medium text-slate-700">{t('packages.fields.features')}</legend>
          <div className="mt-2 space-y-2">
            {PACKAGE_FEATURES.map((feature) => (
              <label key={feature} className="flex items-start gap-2 text-sm text-slate-800">
                <input
                  type="checkbox"
                  checked={features.includes(feature)}
                  onChange={(event) => toggle(feature, event.target.checked)}
                  className="mt-0.5 size-4 shrink-0 accent-teal-700"
                />
                {t(`features.${feature}`, { ns: 'payments' })}
              </label>
            ))}
          </div>
          {fieldError('features') ? (
            <p id={`${featuresId}-error`} className="mt-1 text-sm text-red-700">
              {fieldError('features')}
            </p>
          ) : null}
        </fieldset>
        <div className="flex justify-end gap-3 pt-2">
          <button type="button" className={buttons.secondary} onClick={onClose} disabled={isBusy}>
            {t('common.cancel')}
          </button>
          <button type="submit" className={buttons.primary} disabled={isBusy}>
            {pkg ? t('packages.save') : t('packages.createSubmit')}
          </button>
        </div>
      </form>
    </Modal>
  );
}
