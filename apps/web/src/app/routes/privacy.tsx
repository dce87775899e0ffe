import type { LoaderFunctionArgs, MetaFunction } from 'react-router';
import { PrivacyNotice } from '../../features/privacy/components/PrivacyNotice';
import { fixedT } from '../../i18n/i18n.server';
import { seoMeta } from '../seo';
import { pageSeo, requestLanguage } from '../seo.server';
import { SUPPORT_EMAIL } from '../shell/Footer';

export const handle = { i18n: ['privacy'] };

/** The notice's title, and its opening as the description. */
export function loader({ request, context }: LoaderFunctionArgs) {
  const t = fixedT(requestLanguage(request), 'privacy');
  return { seo: pageSeo({ request, context, title: t('notice.title'), description: t('notice.lead') }) };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => seoMeta(data?.seo);

/** /privacy: the PDPA privacy notice in the page's language (ADR 023). */
export default function Privacy() {
  return <PrivacyNotice email={SUPPORT_EMAIL} />;
}
