import { AddPropertyWizard } from '../../features/add-property/components/AddPropertyWizard';
import { RequireAuth } from '../../features/auth/components/RequireAuth';
import { LocationAutocomplete } from '../../features/locations/components/LocationAutocomplete';
import { RequireActivePackage } from '../../features/payments/components/RequireActivePackage';
import { NEEDS_PACKAGE } from '../../features/payments/hooks/package-notice';
import { useNavigate } from '../../i18n/localized-router';
import { useAppSelector } from '../store';

export const handle = { i18n: ['property', 'locations', 'payments'] };

function Wizard() {
  const { token, user } = useAppSelector((state) => state.login);
  const navigate = useNavigate();
  if (!user) return null;
  return (
    <AddPropertyWizard
      token={token}
      userId={user.id}
      onNeedPackage={() => navigate('/select-package', { state: NEEDS_PACKAGE })}
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

/**
 * /add-property: needs a login and an active package, both checked on entry (spec section 4, Add Property click
 * rule), then the wizard with the locations feature's autocomplete as its location field.
 */
export function Component() {
  return (
    <RequireAuth>
      <RequireActivePackage>
        <Wizard />
      </RequireActivePackage>
    </RequireAuth>
  );
}

export default Component;
