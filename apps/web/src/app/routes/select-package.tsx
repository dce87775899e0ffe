import { data, type LoaderFunctionArgs, type MetaFunction, useLoaderData } from 'react-router';
import { SelectPackagePage } from '../../features/payments/components/SelectPackagePage';
import { fixedT } from '../../i18n/i18n.server';
import { seoMeta } from '../seo';
import { pageSeo, requestLanguage } from '../seo.server';

export const handle = { i18n: ['payments'] };

/** The packages on sale. If they cannot be read, the page says so (with a 503, so no cache keeps it). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const t = fixedT(requestLanguage(request), 'payments');
  const seo = pageSeo({ request, context, title: t('selectPackage.title'), description: t('selectPackage.lead') });
  try {
    return { packages: await context.pages.listPackages(), seo };
  } catch (error) {
    context.logError(error, 'packages read failed');
    return data({ packages: null, seo }, { status: 503 });
  }
}

export const meta: MetaFunction<typeof loader> = ({ data }) => seoMeta(data?.seo);

/** /select-package: the tiers, rendered on the server; choosing one needs a login. */
export default function SelectPackage() {
  const { packages } = useLoaderData<typeof loader>();
  return <SelectPackagePage packages={packages} />;
}
