import { localizedPath, splitLanguagePath } from '@baan/contract';
import { type LoaderFunctionArgs, redirect } from 'react-router';

/** My properties: one list of all the owner's listings, filtered in its address (docs/decisions/012-one-list-of-my-properties.md). */
const MY_PROPERTIES = '/dashboard/properties';

/** The spec's sellproperty, buyproperty and rentedproperty: the one list with its type pre-set (other filters kept). */
export function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const { language, path } = splitLanguagePath(url.pathname);
  const search = new URLSearchParams({ type: path.endsWith('/sellproperty') ? 'sale' : 'rent' });
  for (const [key, value] of url.searchParams) if (key !== 'type') search.append(key, value);
  return redirect(`${localizedPath(language, MY_PROPERTIES)}?${search}`);
}

export default function MyPropertiesPreset() {
  return null;
}
