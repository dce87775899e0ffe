import { useParams } from 'react-router';
import { EditPropertyWizard } from '../../features/add-property/components/EditPropertyWizard';
import { RequireAuth } from '../../features/auth/components/RequireAuth';
import { ListingVerificationPanel } from '../../features/listing-verification/components/ListingVerificationPanel';
import { renderLocationField } from '../../features/locations/components/LocationField';
import { useAppSelector } from '../../session/store';

export const handle = { i18n: ['property', 'locations', 'units'] };

function Editor() {
  const { token, user } = useAppSelector((state) => state.login);
  const { id = '' } = useParams();
  if (!user) return null;
  // An id that is not a whole number finds no listing (the wizard says so).
  const listingId = /^\d{1,10}$/.test(id) ? Number(id) : 0;
  return (
    <>
      <EditPropertyWizard listingId={listingId} token={token} userId={user.id} renderLocation={renderLocationField} />
      {listingId > 0 ? <ListingVerificationPanel listingId={listingId} /> : null}
    </>
  );
}

/**
 * /edit-property/:id: the owner edits one of their listings in the add-property wizard (issue 14), linked from the
 * dashboard card and the listing's page. A login is needed; no active package (an owner may edit what they listed).
 */
export function Component() {
  return (
    <RequireAuth>
      <Editor />
    </RequireAuth>
  );
}

export default Component;
