import type { ReactNode } from 'react';
import { LocationAutocomplete } from './LocationAutocomplete';

/** What a form gives its location control: the wizard's location field (create and edit) takes this shape. */
export interface LocationFieldRenderProps {
  inputId: string;
  label: string;
  value: string;
  error?: string;
  onChange: (change: { location: string; lat?: number; lon?: number }) => void;
}

/**
 * The location autocomplete as a required form field: typing keeps the text and forgets the coordinates of an
 * earlier choice; choosing a place sets its name and coordinates. Route modules pass it to a form as its renderer.
 */
export function renderLocationField({ inputId, label, value, error, onChange }: LocationFieldRenderProps): ReactNode {
  return (
    <LocationAutocomplete
      id={inputId}
      label={label}
      defaultValue={value}
      error={error}
      required
      onInputChange={(text) => onChange({ location: text })}
      onSelect={(place) => onChange({ location: place.display_name, lat: place.lat, lon: place.lon })}
    />
  );
}
