import { AddPropertyWizard } from '../../features/add-property/components/AddPropertyWizard';
import { RequireAuth } from '../../features/auth/components/RequireAuth';
import { LocationAutocomplete } from '../../features/locations/components/LocationAutocomplete';
import { useAppSelector } from '../store';

function Wizard() {
  const token = useAppSelector((state) => state.login.token);
  return (
    <AddPropertyWizard
      token={token}
      renderLocation={({ inputId, label, value, error, onChange }) => (
        <LocationAutocomplete
          id={inputId}
          label={label}
          defaultValue={value}
          error={error}
          required
          // Typing after a choice forgets the chosen place's coordinates.
          onInputChange={(text) => onChange({ location: text })}
          onSelect={(place) => onChange({ location: place.display_name, lat: place.lat, lon: place.lon })}
        />
      )}
    />
  );
}

/** /add-property (needs a login): the wizard, with the locations feature's autocomplete as its location field. */
export function Component() {
  return (
    <RequireAuth>
      <Wizard />
    </RequireAuth>
  );
}
