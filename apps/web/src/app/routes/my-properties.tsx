import { MyProperties } from '../../features/my-properties/components/MyProperties';

export const handle = { i18n: ['property', 'dashboard'] };

/** /dashboard/properties: the owner's one list of listings (the spec's three routes redirect here, filtered). */
export function Component() {
  return <MyProperties />;
}

export default Component;
