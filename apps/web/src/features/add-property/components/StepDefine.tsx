import { fitsPropertyType, type ProjectRef, type PropertySubType, subTypesFor } from '@baan/contract';
import type { ReactNode } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import type { FormField, PropertyForm, PropertyStatus, PropertyType, UserType } from '../lib/property-form';
import { ChoiceGroup, fieldId } from './fields';

/** What the wizard gives the location control it is handed (the route composes the locations feature's one). */
export interface LocationFieldProps {
  inputId: string;
  label: string;
  /** The text so far (the control starts from it when a step is revisited). */
  value: string;
  /** The validation message to show on the control, tied to it with aria-describedby. */
  error?: string;
  /** The coordinates so far (a chosen place's, or where its pin was moved). */
  lat?: number;
  lon?: number;
  /** Called on every edit with the text; with coordinates when a suggested place was chosen (or its pin moved). */
  onChange: (place: { location: string; lat?: number; lon?: number }) => void;
  /** The building (project) the listing belongs to, or null. */
  project: ProjectRef | null;
  /**
   * A project was chosen (with what it fills in: its place, position and floors) or removed (null, nothing filled).
   */
  onProjectChange: (project: ProjectRef | null, fill?: ProjectFill) => void;
}

/** What choosing a project fills in the form. */
export interface ProjectFill {
  location: string;
  lat: number;
  lon: number;
  /** The building's floors, when known. */
  floors: number | null;
}

interface StepDefineProps {
  form: PropertyForm;
  errors: Partial<Record<FormField, string>>;
  update: (patch: Partial<PropertyForm>) => void;
  renderLocation: (props: LocationFieldProps) => ReactNode;
  /** Editing: the listing's stored sub type, which stays a choice even where it does not fit the property type. */
  originalSubType?: PropertySubType;
}

/**
 * The sub types offered: those of the one list that fit the chosen property type (all of them before one is
 * chosen; ADR 024), and an edited listing's own sub type wherever it stands.
 */
export function offeredSubTypes(propertyType: PropertyType | '', originalSubType?: PropertySubType): PropertySubType[] {
  const offered = [...subTypesFor(propertyType)];
  return originalSubType && !offered.includes(originalSubType) ? [...offered, originalSubType] : offered;
}

export function StepDefine({ form, errors, update, renderLocation, originalSubType }: StepDefineProps) {
  const { t } = useTranslation(['property', 'listings']);
  const subTypes = offeredSubTypes(form.propertyType, originalSubType).map((value) => ({
    value,
    label: t(`listings:subTypes.${value}`),
  }));
  // A sub type that does not fit the newly chosen property type is no longer a choice: it is cleared, not kept hidden.
  const choosePropertyType = (propertyType: PropertyType) => {
    const keepsSubType =
      !form.subType || form.subType === originalSubType || fitsPropertyType(form.subType, propertyType);
    update(keepsSubType ? { propertyType } : { propertyType, subType: '' });
  };
  return (
    <div className="grid gap-6">
      <ChoiceGroup<UserType>
        field="user_type"
        legend={t('define.userType')}
        value={form.user_type}
        options={[
          { value: 'owner', label: t('define.owner') },
          { value: 'agent', label: t('define.agent') },
        ]}
        onChange={(user_type) => update({ user_type })}
        error={errors.user_type}
      />
      <ChoiceGroup<PropertyType>
        field="propertyType"
        legend={t('define.propertyType')}
        value={form.propertyType}
        options={[
          { value: 'residential', label: t('define.residential') },
          { value: 'commercial', label: t('define.commercial') },
        ]}
        onChange={choosePropertyType}
        error={errors.propertyType}
      />
      <ChoiceGroup<PropertyStatus>
        field="propertyStatus"
        legend={t('define.status')}
        value={form.propertyStatus}
        options={[
          { value: 'rent', label: t('define.rent') },
          { value: 'sale', label: t('define.sale') },
        ]}
        onChange={(propertyStatus) => update({ propertyStatus })}
        error={errors.propertyStatus}
      />
      <ChoiceGroup<PropertySubType>
        field="subType"
        legend={t('define.subType')}
        value={form.subType}
        options={subTypes}
        onChange={(subType) => update({ subType })}
        error={errors.subType}
        columns="grid-cols-2 sm:grid-cols-3"
      />
      {renderLocation({
        inputId: fieldId('location'),
        label: t('define.location'),
        value: form.location,
        error: errors.location,
        lat: form.lat,
        lon: form.lon,
        onChange: ({ location, lat, lon }) => update({ location, lat, lon }),
        project: form.project ?? null,
        onProjectChange: (project, fill) =>
          update({
            project,
            ...(fill
              ? {
                  location: fill.location,
                  lat: fill.lat,
                  lon: fill.lon,
                  ...(fill.floors !== null ? { houseInfo: { ...form.houseInfo, floors: String(fill.floors) } } : {}),
                }
              : {}),
          }),
      })}
    </div>
  );
}
