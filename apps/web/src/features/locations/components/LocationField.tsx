import type { ReactNode } from 'react';
import { LocationAutocomplete } from './LocationAutocomplete';
import { LocationPin } from './LocationPin';

/** What a form gives its location control: the wizard's location field (create and edit) takes this shape. */
export interface LocationFieldRenderProps {
  inputId: string;
  label: string;
  value: string;
  error?: string;
  /** The form's coordinates (a chosen place's, or the pin's): with both, a map shows a pin the owner may move. */
  lat?: number;
  lon?: number;
  onChange: (change: { location: string; lat?: number; lon?: number }) => void;
}

/**
 * The location autocomplete as a required form field: typing keeps the text and forgets the coordinates of an
 * earlier choice; choosing a place sets its name and coordinates, and shows a map whose pin may be dragged to the
 * exact spot (optional: the place's coordinates stand without it). Route modules pass it to a form as its renderer.
 */
export function renderLocationField({
  inputId,
  label,
  value,
  error,
  lat,
  lon,
  onChange,
}: LocationFieldRenderProps): ReactNode {
  return (
    <div>
      <LocationAutocomplete
        id={inputId}
        label={label}
        defaultValue={value}
        error={error}
        required
        onInputChange={(text) => onChange({ location: text })}
        onSelect={(place) => onChange({ location: place.display_name, lat: place.lat, lon: place.lon })}
      />
      {lat !== undefined && lon !== undefined ? (
        <LocationPin
          lat={lat}
          lon={lon}
          onMove={(pinLat, pinLon) => onChange({ location: value, lat: pinLat, lon: pinLon })}
        />
      ) : null}
    </div>
  );
}
