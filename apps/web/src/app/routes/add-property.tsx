import { AddPropertyWizard } from '../../features/add-property/components/AddPropertyWizard';
import { LocationAutocomplete } from '../../features/add-property/components/LocationAutocomplete';
import { useAppSelector } from '../store';

/** /add-property: the wizard, with the locations feature's autocomplete as its location field. */
export function Component() {
  const token = useAppSelector((state) => state.login.token);
  return <AddPropertyWizard token={token} renderLocation={(props) => <LocationAutocomplete {...props} />} />;
}
