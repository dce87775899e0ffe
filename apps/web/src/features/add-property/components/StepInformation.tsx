import { DATE_RANGE, type FeaturedQuota, LANGUAGES, TITLE_DEEDS, type TitleDeed } from '@baan/contract';
import { Plus, Trash2 } from '../../../components/ui/icons';
import { LANGUAGE_NAMES } from '../../../i18n';
import { appLanguage } from '../../../i18n/options';
import { useTranslation } from '../../../i18n/use-translation';
import { houseInfoLabel } from '../lib/messages';
import {
  bahtPreview,
  type FormErrors,
  formatBaht,
  type HouseInfo,
  type HouseInfoKey,
  hasForeignQuota,
  houseInfoFields,
  isBahtField,
  isLandAreaField,
  isRequiredHouseInfo,
  landUnitOf,
  newRoom,
  type PropertyForm,
  ROOM_TYPES,
  type RoomBlock,
  roomField,
  squareMetresOf,
} from '../lib/property-form';
import { ChoiceGroup, errorId, FieldError, fieldId, inputClass, TextField } from './fields';
import { LandAreaField } from './LandAreaField';
import { RentalTermsFields } from './RentalTermsFields';

interface StepInformationProps {
  form: PropertyForm;
  errors: FormErrors;
  update: (patch: Partial<PropertyForm>) => void;
  updateHouseInfo: (patch: Partial<HouseInfo>) => void;
  /** Leaving a baht field: the wizard shows what it will store, or why it cannot. */
  onBahtBlur: (field: 'price' | HouseInfoKey) => void;
  /** How many listings the owner may still feature (GET /api/user/featured-quota); undefined while unknown. */
  featuredQuota?: FeaturedQuota;
  /** Editing a listing that is featured already: it keeps its place whatever is left. */
  wasFeatured?: boolean;
}

export function StepInformation({
  form,
  errors,
  update,
  updateHouseInfo,
  onBahtBlur,
  featuredQuota,
  wasFeatured = false,
}: StepInformationProps) {
  const { t, i18n } = useTranslation(['property', 'listings', 'units']);
  const required = (label: string) => `${label} *`;
  // What the featured choice says about the quota. "Yes" closes at 0 left, unless this listing is featured already
  // (or chosen so in a draft): turning it off is always possible.
  const quota = featuredQuota;
  const featuredNote = !quota
    ? undefined
    : quota.quota === 0
      ? t('featured.none')
      : quota.left === 0
        ? t('featured.allUsed', { quota: quota.quota })
        : t('featured.left', { left: quota.left, quota: quota.quota });
  const isFeaturedLocked = quota !== undefined && quota.left === 0 && !wasFeatured && form.featured !== '1';

  /** What a baht field will store, shown under it while it is typed ("Listed as ฿1,234,568"). */
  const bahtHint = (text: string) => {
    const preview = bahtPreview(text);
    if (!preview) return undefined;
    const baht = `฿${formatBaht(preview.baht)}`;
    return preview.isRounded ? t('info.bahtRounded', { baht }) : t('info.bahtStored', { baht });
  };

  const setRooms = (rooms: RoomBlock[]) => update({ rooms });
  const editRoom = (id: number, patch: Partial<RoomBlock>) =>
    setRooms(form.rooms.map((room) => (room.id === id ? { ...room, ...patch } : room)));

  return (
    <div className="grid gap-8">
      <fieldset>
        <legend className="mb-2 text-sm font-semibold text-slate-800">{t('info.language')}</legend>
        <div className="flex flex-wrap gap-2">
          {LANGUAGES.map((language) => (
            <button
              key={language}
              type="button"
              aria-pressed={form.language === language}
              onClick={() => update({ language })}
              lang={language === 'TW' ? 'zh-Hant' : language === 'zh' ? 'zh-Hans' : language}
              className={`rounded-full border px-3.5 py-1.5 text-sm font-medium transition-colors ${
                form.language === language
                  ? 'border-teal-700 bg-teal-700 text-white'
                  : 'border-slate-300 bg-white text-slate-700 hover:border-teal-600'
              }`}
            >
              {LANGUAGE_NAMES[language]}
            </button>
          ))}
        </div>
      </fieldset>

      <div className="grid gap-5">
        <TextField
          field="title"
          label={required(t('info.title'))}
          value={form.title}
          onChange={(title) => update({ title })}
          error={errors.title}
        />
        <TextField
          field="description"
          label={required(t('info.description'))}
          value={form.description}
          onChange={(description) => update({ description })}
          error={errors.description}
          multiline
        />
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField
            field="price"
            label={required(t('info.price'))}
            value={form.price}
            onChange={(price) => update({ price })}
            onBlur={() => onBahtBlur('price')}
            error={errors.price}
            hint={bahtHint(form.price)}
            inputMode="decimal"
            placeholder="2,500,000"
          />
          <TextField
            field="availableDate"
            label={t('info.availableDate')}
            type="date"
            range={DATE_RANGE}
            value={form.availableDate}
            onChange={(availableDate) => update({ availableDate })}
            error={errors.availableDate}
          />
        </div>
      </div>

      <fieldset>
        <legend className="mb-3 text-base font-semibold text-slate-900">{t('info.houseInfo')}</legend>
        <div className="grid grid-cols-2 gap-x-4 lg:grid-cols-3">
          {houseInfoFields(form.subType).map((key) => {
            const isRequired = isRequiredHouseInfo(key, form.subType);
            const label = isRequired ? required(houseInfoLabel(t, key)) : houseInfoLabel(t, key);
            if (isLandAreaField(key, form.subType)) {
              const name = t(`listings:detail.${key}`);
              return (
                <LandAreaField
                  key={key}
                  field={key}
                  label={label}
                  name={isRequired ? required(name) : name}
                  shortName={name.charAt(0).toLowerCase() + name.slice(1)}
                  unit={landUnitOf(form, key, appLanguage(i18n.language))}
                  squareMetres={form.houseInfo[key]}
                  parts={form.landParts?.[key]}
                  error={errors[key]}
                  onUnitChange={(unit) => {
                    // Leaving rai·ngan·sq wah keeps their m² and forgets what was typed (the m² box shows it).
                    const { [key]: _typed, ...otherParts } = form.landParts ?? {};
                    update({ landUnits: { ...form.landUnits, [key]: unit }, landParts: otherParts });
                  }}
                  onSquareMetresChange={(text) => updateHouseInfo({ [key]: text })}
                  onPartsChange={(parts) => {
                    update({ landParts: { ...form.landParts, [key]: parts } });
                    updateHouseInfo({ [key]: squareMetresOf(parts) });
                  }}
                />
              );
            }
            return (
              <TextField
                key={key}
                field={key}
                label={label}
                value={form.houseInfo[key]}
                onChange={(text) => updateHouseInfo({ [key]: text })}
                onBlur={isBahtField(key) ? () => onBahtBlur(key) : undefined}
                error={errors[key]}
                hint={isBahtField(key) ? bahtHint(form.houseInfo[key]) : undefined}
                inputMode={isBahtField(key) ? 'decimal' : 'numeric'}
                className="row-span-3 grid grid-rows-subgrid gap-y-0 pb-4"
              />
            );
          })}
        </div>
        <p className="text-xs text-slate-600">{t('info.requiredNote')}</p>
      </fieldset>

      <div className="grid gap-5 sm:grid-cols-2">
        <div>
          <label htmlFor={fieldId('titleDeed')} className="mb-1.5 block text-sm font-semibold text-slate-800">
            {t('info.titleDeed')}
          </label>
          <select
            id={fieldId('titleDeed')}
            value={form.titleDeed}
            onChange={(event) => update({ titleDeed: event.target.value as TitleDeed | '' })}
            aria-invalid={errors.titleDeed ? true : undefined}
            aria-describedby={errors.titleDeed ? errorId('titleDeed') : undefined}
            className={inputClass(Boolean(errors.titleDeed))}
          >
            <option value="">{t('info.titleDeedNotGiven')}</option>
            {TITLE_DEEDS.map((deed) => (
              <option key={deed} value={deed}>
                {t(`listings:facts.deeds.${deed}`)}
              </option>
            ))}
          </select>
          <FieldError field="titleDeed" message={errors.titleDeed} />
        </div>
        {hasForeignQuota(form.subType) ? (
          <ChoiceGroup<'1' | '0'>
            field="foreignQuota"
            legend={t('info.foreignQuota')}
            value={form.foreignQuota}
            options={[
              { value: '1', label: t('info.yes') },
              { value: '0', label: t('info.no') },
            ]}
            onChange={(value) => update({ foreignQuota: value })}
            error={errors.foreignQuota}
            hint={t('info.foreignQuotaHint')}
            columns="grid-cols-2 sm:max-w-xs"
          />
        ) : null}
      </div>

      <RentalTermsFields form={form} errors={errors} update={update} />

      <fieldset>
        <legend className="mb-1 text-base font-semibold text-slate-900">{t('info.rooms')}</legend>
        <p className="mb-3 text-sm text-slate-600">{t('info.roomHint')}</p>
        <ul className="grid gap-3">
          {form.rooms.map((room, i) => {
            const number = i + 1;
            const typeField = roomField(room.id, 'type');
            const countField = roomField(room.id, 'count');
            const typeError = errors[typeField];
            const countError = errors[countField];
            return (
              <li
                key={room.id}
                // Under 640 px the type has a row of its own: beside the count its choice was cut ("Choose a ty").
                className="grid grid-cols-[minmax(0,1fr)_auto] items-end gap-x-3 rounded-lg border border-slate-200 bg-slate-50 p-3 sm:grid-cols-[minmax(0,1fr)_10rem_auto]"
              >
                <div className="col-span-2 mb-3 sm:col-span-1 sm:mb-0">
                  <label htmlFor={fieldId(typeField)} className="mb-1.5 block text-sm font-medium text-slate-800">
                    {t('info.roomType', { number })}
                  </label>
                  <select
                    id={fieldId(typeField)}
                    value={room.type}
                    onChange={(event) => editRoom(room.id, { type: event.target.value })}
                    aria-invalid={typeError ? true : undefined}
                    aria-describedby={typeError ? errorId(typeField) : undefined}
                    className={inputClass(Boolean(typeError))}
                  >
                    <option value="">{t('info.chooseRoomType')}</option>
                    {ROOM_TYPES.map((type) => (
                      <option key={type} value={type}>
                        {t(`listings:roomTypes.${type}`)}
                      </option>
                    ))}
                    {/* An edited listing's own room type, if it is none of these (sent through the API). */}
                    {room.type && !(ROOM_TYPES as readonly string[]).includes(room.type) ? (
                      <option value={room.type}>{room.type}</option>
                    ) : null}
                  </select>
                </div>
                {/* Alone (no remove button beside it) the count takes the row's width, as the type above does. */}
                <div className={form.rooms.length > 1 ? undefined : 'col-span-2 sm:col-span-1'}>
                  <label htmlFor={fieldId(countField)} className="mb-1.5 block text-sm font-medium text-slate-800">
                    {t('info.roomCount', { number })}
                  </label>
                  <input
                    id={fieldId(countField)}
                    type="text"
                    inputMode="numeric"
                    autoComplete="off"
                    value={room.count}
                    onChange={(event) => editRoom(room.id, { count: event.target.value })}
                    aria-invalid={countError ? true : undefined}
                    aria-describedby={countError ? errorId(countField) : undefined}
                    className={inputClass(Boolean(countError))}
                  />
                </div>
                {form.rooms.length > 1 ? (
                  <button
                    type="button"
                    onClick={() => setRooms(form.rooms.filter((other) => other.id !== room.id))}
                    aria-label={t('info.removeRoom', { number })}
                    className="inline-flex size-11 items-center justify-center rounded-lg border border-slate-300 bg-white text-red-700 hover:bg-red-50"
                  >
                    <Trash2 className="size-4" aria-hidden="true" />
                  </button>
                ) : (
                  <span className="hidden size-11 sm:block" />
                )}
                <div className="col-span-2 sm:col-span-3">
                  <FieldError field={typeField} message={typeError} />
                  <FieldError field={countField} message={countError} />
                </div>
              </li>
            );
          })}
        </ul>
        <button
          type="button"
          onClick={() => setRooms([...form.rooms, newRoom()])}
          className="mt-3 inline-flex items-center gap-2 rounded-lg border border-teal-700 px-4 py-2 text-sm font-semibold text-teal-800 hover:bg-teal-50"
        >
          <Plus className="size-4" aria-hidden="true" />
          {t('info.addRoom')}
        </button>
        <FieldError field="rooms" message={errors.rooms} />
      </fieldset>

      <ChoiceGroup<'1' | '0'>
        field="featured"
        legend={t('info.featured')}
        value={form.featured}
        options={[
          { value: '1', label: t('info.yes'), disabled: isFeaturedLocked },
          { value: '0', label: t('info.no') },
        ]}
        onChange={(value) => update({ featured: value })}
        error={errors.featured}
        hint={featuredNote}
        columns="grid-cols-2 sm:max-w-xs"
      />
    </div>
  );
}
