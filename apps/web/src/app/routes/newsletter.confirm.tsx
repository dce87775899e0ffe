import { NewsletterConfirmPage } from '../../features/newsletter/components/NewsletterConfirmPage';
import { linkPageHeaders, linkPageMeta } from '../link-page';
import { linkPageLoader } from '../link-page.server';

/** Never indexed, never cached, and the address (it holds the link's token) is never sent on as a referrer. */
export const loader = linkPageLoader('newsletterConfirm.title', 'newsletterConfirm.metaDescription');
export const headers = linkPageHeaders;
export const meta = linkPageMeta;

/** /newsletter/confirm?token=: the newsletter confirmation mail's link; the button confirms (newsletter feature, ADR 055). */
export default function NewsletterConfirm() {
  return <NewsletterConfirmPage />;
}
