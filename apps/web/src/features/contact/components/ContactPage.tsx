import type { ReactNode } from 'react';
import { Hero } from '../../../components/ui/Hero';
import { ExternalLink, Mail, MapPin, Phone } from '../../../components/ui/icons';
import { useTranslation } from '../../../i18n/use-translation';
import { OFFICE_MAP_URL } from '../lib/office';
import { ContactForm } from './ContactForm';
import { OfficeMap } from './OfficeMap';

interface ContactPageProps {
  phone: { display: string; href: string };
  email: string;
}

function InfoCard({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <li className="flex gap-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      <span className="grid size-12 shrink-0 place-items-center rounded-xl bg-teal-50 text-teal-700">{icon}</span>
      <div className="min-w-0">
        <h2 className="text-base font-semibold text-slate-900">{title}</h2>
        <div className="mt-1 text-sm text-slate-700">{children}</div>
      </div>
    </li>
  );
}

/** /contact (spec: Contact): three info cards, the message form and a map of the office. */
export function ContactPage({ phone, email }: ContactPageProps) {
  const { t } = useTranslation('contact');
  const link = 'font-semibold break-words text-teal-800 underline-offset-2 hover:underline';
  return (
    <>
      <Hero title={t('hero.title')} description={t('hero.description')} size="compact" />
      <div className="mx-auto max-w-7xl space-y-10 px-4 py-10 sm:px-6 lg:py-14">
        <ul className="grid gap-4 md:grid-cols-3" aria-label={t('info.label')}>
          <InfoCard icon={<Phone className="size-6" aria-hidden="true" />} title={t('info.phone')}>
            <a href={phone.href} className={link}>
              {phone.display}
            </a>
            <p className="mt-1 text-slate-600">{t('info.hours')}</p>
          </InfoCard>
          <InfoCard icon={<Mail className="size-6" aria-hidden="true" />} title={t('info.email')}>
            <a href={`mailto:${email}`} className={link}>
              {email}
            </a>
            <p className="mt-1 text-slate-600">{t('info.emailNote')}</p>
          </InfoCard>
          <InfoCard icon={<MapPin className="size-6" aria-hidden="true" />} title={t('info.location')}>
            <address className="not-italic">{t('info.address')}</address>
            <a
              href={OFFICE_MAP_URL}
              target="_blank"
              rel="noopener noreferrer"
              className={`${link} mt-1 inline-flex items-center gap-1`}
            >
              {t('info.openInMaps')}
              <ExternalLink className="size-3.5" aria-hidden="true" />
              <span className="sr-only">{t('info.newTab')}</span>
            </a>
          </InfoCard>
        </ul>
        <div className="grid gap-8 lg:grid-cols-2">
          <div className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8">
            <ContactForm />
          </div>
          <section aria-labelledby="office-map-title" className="flex flex-col gap-4">
            <h2 id="office-map-title" className="text-2xl font-bold text-slate-900">
              {t('map.title')}
            </h2>
            <OfficeMap />
          </section>
        </div>
      </div>
    </>
  );
}
