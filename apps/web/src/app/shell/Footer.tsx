import { AppStoreBadges } from '../../components/ui/AppStoreBadges';
import { House, Mail, MessageCircle, Phone } from '../../components/ui/icons';
import { FacebookIcon, InstagramIcon, YoutubeIcon } from '../../components/ui/SocialIcons';
import { NewsletterForm } from '../../features/newsletter/components/NewsletterForm';
import { Link } from '../../i18n/localized-router';
import { useTranslation } from '../../i18n/use-translation';
import { CUSTOMER_CARE_PHONE, CUSTOMER_CARE_TEL } from './Header';

export const SUPPORT_EMAIL = 'support@baan.example';

/** Search term (sent as `q`, in English as the listings store them) and its label key. */
export const POPULAR_SEARCHES = [
  { q: 'Sukhumvit', key: 'footer.places.sukhumvit' },
  { q: 'Rama 9', key: 'footer.places.rama9' },
  { q: 'Ratchada', key: 'footer.places.ratchada' },
  { q: 'Silom', key: 'footer.places.silom' },
  { q: 'Thonglor', key: 'footer.places.thonglor' },
  { q: 'Chiang Mai', key: 'footer.places.chiangMai' },
  { q: 'Phuket', key: 'footer.places.phuket' },
  { q: 'Pattaya', key: 'footer.places.pattaya' },
] as const;

const QUICK_LINKS = [
  { to: '/terms', key: 'footer.links.terms' },
  { to: '/privacy', key: 'footer.links.privacy' },
  { to: '/services', key: 'footer.links.services' },
  { to: '/contact', key: 'footer.links.contact' },
  { to: '/faq', key: 'footer.links.faq' },
  { to: '/projects', key: 'footer.links.projects' },
] as const;

const SOCIAL_LINKS = [
  { href: 'https://www.facebook.com/', label: 'Facebook', Icon: FacebookIcon },
  { href: 'https://line.me/', label: 'LINE', Icon: MessageCircle },
  { href: 'https://www.instagram.com/', label: 'Instagram', Icon: InstagramIcon },
  { href: 'https://www.youtube.com/', label: 'YouTube', Icon: YoutubeIcon },
] as const;

const headingClass = 'text-sm font-semibold tracking-wide text-white uppercase';
const linkClass = 'text-sm text-slate-300 transition-colors hover:text-white';

export function Footer() {
  const { t } = useTranslation();
  const year = new Date().getFullYear();

  return (
    <footer className="bg-slate-900 text-slate-300">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-14 sm:px-6 md:grid-cols-2 lg:grid-cols-12">
        <section aria-labelledby="footer-contact" className="lg:col-span-4">
          <Link to="/" className="flex items-center gap-2 text-xl font-extrabold text-white">
            <span className="grid size-9 place-items-center rounded-lg bg-teal-700">
              <House className="size-5" aria-hidden="true" />
            </span>
            Baan
          </Link>
          <p className="mt-4 max-w-sm text-sm leading-relaxed text-slate-400">{t('footer.about')}</p>
          <h2 id="footer-contact" className={`${headingClass} mt-6`}>
            {t('footer.contactHeading')}
          </h2>
          <ul className="mt-3 space-y-3 text-sm">
            <li>
              <a href={CUSTOMER_CARE_TEL} className="group flex items-center gap-3">
                <span className="grid size-9 place-items-center rounded-full bg-slate-800 text-teal-300">
                  <Phone className="size-4" aria-hidden="true" />
                </span>
                <span>
                  <span className="block text-xs text-slate-400">{t('footer.customerCare')}</span>
                  <span dir="ltr" className="font-semibold text-white group-hover:underline">
                    {CUSTOMER_CARE_PHONE}
                  </span>
                </span>
              </a>
            </li>
            <li>
              <a href={`mailto:${SUPPORT_EMAIL}`} className="group flex items-center gap-3">
                <span className="grid size-9 place-items-center rounded-full bg-slate-800 text-teal-300">
                  <Mail className="size-4" aria-hidden="true" />
                </span>
                <span>
                  <span className="block text-xs text-slate-400">{t('footer.supportEmail')}</span>
                  <span className="font-semibold text-white group-hover:underline">{SUPPORT_EMAIL}</span>
                </span>
              </a>
            </li>
          </ul>
          <h2 className={`${headingClass} mt-6`}>{t('footer.getTheApp')}</h2>
          <AppStoreBadges comingSoon={t('footer.comingSoon')} className="mt-3" />
        </section>

        <nav aria-labelledby="footer-popular" className="lg:col-span-2">
          <h2 id="footer-popular" className={headingClass}>
            {t('footer.popularSearches')}
          </h2>
          <ul className="mt-4 space-y-2.5">
            {POPULAR_SEARCHES.map((item) => (
              <li key={item.q}>
                <Link to={`/Quick?q=${encodeURIComponent(item.q)}`} className={linkClass}>
                  {t(item.key)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>

        <nav aria-labelledby="footer-quick" className="lg:col-span-2">
          <h2 id="footer-quick" className={headingClass}>
            {t('footer.quickLinks')}
          </h2>
          <ul className="mt-4 space-y-2.5">
            {QUICK_LINKS.map((item) => (
              <li key={item.to}>
                <Link to={item.to} className={linkClass}>
                  {t(item.key)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>

        <section aria-labelledby="footer-newsletter" className="md:col-span-2 lg:col-span-4">
          <h2 id="footer-newsletter" className={headingClass}>
            {t('footer.newsletter.heading')}
          </h2>
          <p className="mt-4 text-sm leading-relaxed text-slate-400">{t('footer.newsletter.text')}</p>
          <NewsletterForm />
          <h2 className={`${headingClass} mt-8`}>{t('footer.followUs')}</h2>
          <ul className="mt-3 flex gap-3">
            {SOCIAL_LINKS.map(({ href, label, Icon }) => (
              <li key={label}>
                <a
                  href={href}
                  aria-label={label}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="grid size-10 place-items-center rounded-full bg-slate-800 text-slate-200 transition-colors hover:bg-teal-700 hover:text-white"
                >
                  <Icon className="size-5" aria-hidden="true" />
                </a>
              </li>
            ))}
          </ul>
        </section>
      </div>
      <div className="border-t border-slate-800">
        <p className="mx-auto max-w-7xl px-4 py-6 text-center text-xs text-slate-400 sm:px-6">
          {t('footer.copyright', { year })}
        </p>
      </div>
    </footer>
  );
}
