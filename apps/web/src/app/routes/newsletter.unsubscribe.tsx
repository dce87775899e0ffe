import { NewsletterUnsubscribePage } from '../../features/newsletter/components/NewsletterUnsubscribePage';
import { linkPageHeaders, linkPageMeta } from '../link-page';
import { linkPageLoader } from '../link-page.server';

/** Never indexed, never cached, and the address (it holds the link's token) is never sent on as a referrer. */
export const loader = linkPageLoader('newsletterUnsubscribe.title', 'newsletterUnsubscribe.metaDescription');
export const headers = linkPageHeaders;
export const meta = linkPageMeta;

/** /newsletter/unsubscribe?token=: the newsletter mails' unsubscribe link; the button unsubscribes (newsletter feature, ADR 058). */
export default function NewsletterUnsubscribe() {
  return <NewsletterUnsubscribePage />;
}
