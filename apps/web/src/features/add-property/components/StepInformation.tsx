import { LANGUAGES } from '@baan/contract';
import { Plus, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { LANGUAGE_NAMES } from '../../../i18n';
import {
  digitsOnly,
  type FormField,
  formatPrice,
  HOUSE_INFO_FIELDS,
  type HouseInfo,
  newRoom,
  type PropertyForm,
  ROOM_TYPES,
  type RoomBlock,
} from '../lib/property-form';
import { ChoiceGroup, FieldError, inputClass, TextField } from './fields';

interface StepInformationProps {
  form: PropertyForm;
  errors: Partial<Record<FormField, string>>;
  update: (patch: Partial<PropertyForm>) => void;
  updateHouseInfo: (patch: Partial<HouseInfo>) => void;
}

/** Fields the server requires (spec section 5); marked so people know before they press Submit. */
const REQUIRED_HOUSE_INFO = new Set<keyof HouseInfo>(['area', 'level', 'bedrooms', 'bathrooms', 'kitchen', 'floors']);

export function StepInformation({ form, errors, update, updateHouseInfo }: StepInformationProps) {
  const { t } = useTranslation('property');
  const required = (label: string) => `${label} *`;

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
            value={formatPrice(form.price)}
            onChange={(text) => update({ price: digitsOnly(text) })}
            error={errors.price}
            inputMode="numeric"
            placeholder="1,000,000"
          />
          <TextField
            field="availableDate"
            label={t('info.availableDate')}
            type="date"
            value={form.availableDate}
            onChange={(availableDate) => update({ availableDate })}
            error={errors.availableDate}
          />
        </div>
      </div>

      <fieldset>
        <legend className="mb-3 text-base font-semibold text-slate-900">{t('info.houseInfo')}</legend>
        <div className="grid grid-cols-2 items-end gap-4 lg:grid-cols-3">
          {HOUSE_INFO_FIELDS.map((key) => (
            <TextField
              key={key}
              field={key}
              label={REQUIRED_HOUSE_INFO.has(key) ? required(t(`info.house.${key}`)) : t(`info.house.${key}`)}
              value={form.houseInfo[key]}
              onChange={(text) => updateHouseInfo({ [key]: digitsOnly(text) })}
              error={errors[key]}
              inputMode="numeric"
            />
          ))}
        </div>
        <p className="mt-3 text-xs text-slate-600">{t('info.requiredNote')}</p>
      </fieldset>

      <fieldset>
        <legend className="mb-1 text-base font-semibold text-slate-900">{t('info.rooms')}</legend>
        <p className="mb-3 text-sm text-slate-600">{t('info.roomHint')}</p>
        <ul className="grid gap-3">
          {form.rooms.map((room, i) => {
            const number = i + 1;
            return (
              <li
                key={room.id}
                className="grid grid-cols-[1fr_6rem_auto] items-end gap-3 rounded-lg border border-slate-200 bg-slate-50 p-3"
              >
                <div>
                  <label htmlFor={`room-${room.id}-type`} className="mb-1.5 block text-sm font-medium text-slate-800">
                    {t('info.roomType', { number })}
                  </label>
                  <select
                    id={`room-${room.id}-type`}
                    value={room.type}
                    onChange={(event) => editRoom(room.id, { type: event.target.value })}
                    className={inputClass(false)}
                  >
                    <option value="">{t('info.chooseRoomType')}</option>
                    {ROOM_TYPES.map((type) => (
                      <option key={type} value={type}>
                        {t(`roomTypes.${type}`)}
                      </option>
                    ))}
                  </select>
                </div>
                <div>
                  <label htmlFor={`room-${room.id}-count`} className="mb-1.5 block text-sm font-medium text-slate-800">
                    {t('info.roomCount', { number })}
                  </label>
                  <input
                    id={`room-${room.id}-count`}
                    type="number"
                    min={1}
                    max={99}
                    step={1}
                    inputMode="numeric"
                    value={room.count}
                    onChange={(event) => editRoom(room.id, { count: digitsOnly(event.target.value) })}
                    className={inputClass(false)}
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
                  <span className="size-11" />
                )}
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
          { value: '1', label: t('info.yes') },
          { value: '0', label: t('info.no') },
        ]}
        onChange={(featured) => update({ featured })}
        error={errors.featured}
        columns="grid-cols-2 sm:max-w-xs"
      />
    </div>
  );
}
