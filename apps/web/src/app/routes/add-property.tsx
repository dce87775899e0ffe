import { AddPropertyWizard } from '../../features/add-property/components/AddPropertyWizard';
import { RequireAuth } from '../../features/auth/components/RequireAuth';
import { renderLocationField } from '../../features/locations/components/LocationField';
import { RequireActivePackage } from '../../features/payments/components/RequireActivePackage';
import { NEEDS_PACKAGE } from '../../features/payments/hooks/package-notice';
import { useNavigate } from '../../i18n/localized-router';
import { useAppSelector } from '../../session/store';

export const handle = { i18n: ['property', 'locations', 'payments', 'units'] };

function Wizard() {
  const { token, user } = useAppSelector((state) => state.login);
  const navigate = useNavigate();
  if (!user) return null;
  return (
    <AddPropertyWizard
      token={token}
      userId={user.id}
      onNeedPackage={() => navigate('/select-package', { state: NEEDS_PACKAGE })}
      renderLocation={renderLocationField}
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
