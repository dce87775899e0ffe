import type { LoaderFunctionArgs, MetaFunction } from 'react-router';
import { ContactPage } from '../../features/contact/components/ContactPage';
import { fixedT } from '../../i18n/i18n.server';
import { seoMeta } from '../seo';
import { breadcrumbs, pageSeo, requestLanguage } from '../seo.server';
import { SUPPORT_EMAIL } from '../shell/Footer';
import { CUSTOMER_CARE_PHONE, CUSTOMER_CARE_TEL } from '../shell/Header';

export const handle = { i18n: ['contact'] };

/** The page's title and description in its language (the page itself needs no data). */
export function loader({ request, context }: LoaderFunctionArgs) {
  const language = requestLanguage(request);
  const t = fixedT(language, 'contact');
  const common = fixedT(language);
  const seo = pageSeo({
    request,
    context,
    title: t('hero.title'),
    description: t('meta.description'),
    jsonLd: [
      breadcrumbs(context, language, [
        { name: common('nav.home'), path: '/' },
        { name: common('nav.contactUs'), path: '/contact' },
      ]),
    ],
  });
  return { seo };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => seoMeta(data?.seo);

/** /contact: the map's Leaflet is a further chunk loaded by the page itself. */
export default function Contact() {
  return <ContactPage phone={{ display: CUSTOMER_CARE_PHONE, href: CUSTOMER_CARE_TEL }} email={SUPPORT_EMAIL} />;
}
