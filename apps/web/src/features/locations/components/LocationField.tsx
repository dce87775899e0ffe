import type { ProjectRef } from '@baan/contract';
import type { ReactNode } from 'react';
import { LocationAutocomplete } from './LocationAutocomplete';
import { LocationPin } from './LocationPin';
import { type ProjectChoiceFill, ProjectPicker } from './ProjectPicker';

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
  /** The building the listing belongs to (issue 24); without `onProjectChange` no project is offered. */
  project?: ProjectRef | null;
  onProjectChange?: (project: ProjectRef | null, fill?: ProjectChoiceFill) => void;
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
  project = null,
  onProjectChange,
}: LocationFieldRenderProps): ReactNode {
  return (
    <div className="space-y-3">
      {onProjectChange ? (
        <ProjectPicker project={project} onChange={onProjectChange} location={value} lat={lat} lon={lon} />
      ) : null}
      <LocationAutocomplete
        // A chosen project writes its place into the form: the box starts again from it.
        key={project ? `project-${project.id}` : 'place'}
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
