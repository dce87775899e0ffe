import { type PropertySubType, WIZARD_SUB_TYPES } from '@baan/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
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
}

interface StepDefineProps {
  form: PropertyForm;
  errors: Partial<Record<FormField, string>>;
  update: (patch: Partial<PropertyForm>) => void;
  renderLocation: (props: LocationFieldProps) => ReactNode;
  /** Editing a listing whose sub type the wizard does not offer (added through the API): it stays a choice. */
  extraSubType?: PropertySubType;
}

export function StepDefine({ form, errors, update, renderLocation, extraSubType }: StepDefineProps) {
  const { t } = useTranslation(['property', 'listings']);
  const subTypes = [
    ...WIZARD_SUB_TYPES.map((value) => ({ value: value as PropertySubType, label: t(`subTypes.${value}`) })),
    // Land, after the spec's six: its area can be given in rai, ngan and square wah (issue 16).
    { value: 'land' as PropertySubType, label: t('listings:subTypes.land') },
    ...(extraSubType && extraSubType !== 'land'
      ? [{ value: extraSubType, label: t(`listings:subTypes.${extraSubType}`) }]
      : []),
  ];
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
        onChange={(propertyType) => update({ propertyType })}
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
      })}
    </div>
  );
}
