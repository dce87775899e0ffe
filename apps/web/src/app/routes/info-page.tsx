import { FORMAT_LOCALES, type Language, splitLanguagePath } from '@baan/contract';
import { type LoaderFunctionArgs, type MetaFunction, useMatches } from 'react-router';
import { fixedT } from '../../i18n/i18n.server';
import { appLanguage } from '../../i18n/options';
import { useTranslation } from '../../i18n/use-translation';
import { burmeseUtcDate } from '../../lib/format-date';
import { dateTimeFormat } from '../../lib/intl-cache';
import { seoMeta } from '../seo';
import { pageSeo, requestLanguage } from '../seo.server';

export const handle = { i18n: ['pages'] };

export type InfoPageId = 'terms' | 'services' | 'faq';

/** Paragraph keys per page (`pages:<id>.<key>`); the FAQ pairs each question with its answer. */
const SECTIONS: Record<InfoPageId, { paragraphs?: string[]; questions?: [string, string][] }> = {
  terms: { paragraphs: ['p1', 'p2', 'p3'] },
  services: { paragraphs: ['p1', 'p2', 'p3'] },
  faq: {
    questions: [
      ['q1', 'a1'],
      ['q2', 'a2'],
      ['q3', 'a3'],
    ],
  },
};

/** When these texts last changed. The pages show its month in the reader's calendar (Thai: the Buddhist year). */
const UPDATED = Date.UTC(2026, 0, 1);

function updatedMonth(language: Language): string {
  // Burmese without Intl: Chromium has none, so the month came back English and the page failed to hydrate.
  if (language === 'my') return burmeseUtcDate(new Date(UPDATED), 'month');
  return dateTimeFormat(FORMAT_LOCALES[language], { year: 'numeric', month: 'long', timeZone: 'UTC' }).format(UPDATED);
}

export function isInfoPageId(id: unknown): id is InfoPageId {
  return typeof id === 'string' && Object.hasOwn(SECTIONS, id);
}

/** The page's title, and its opening (the first paragraph, or the first question and answer) as its description. */
export function loader({ request, context }: LoaderFunctionArgs) {
  // routes.ts names each of these routes by its page (`/terms` is the route `terms`).
  const segment = splitLanguagePath(new URL(request.url).pathname).path.slice(1).toLowerCase();
  const id: InfoPageId = isInfoPageId(segment) ? segment : 'terms';
  const t = fixedT(requestLanguage(request), 'pages');
  const [question, answer] = SECTIONS[id].questions?.[0] ?? [];
  const description = question && answer ? `${t(`${id}.${question}`)} ${t(`${id}.${answer}`)}` : t(`${id}.p1`);
  return { seo: pageSeo({ request, context, title: t(`${id}.title`), description }) };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => seoMeta(data?.seo);

/** Terms, services and FAQ: short static pages; which one is the route's id (routes.ts). The privacy notice is privacy.tsx. */
export default function InfoPage() {
  const { t, i18n } = useTranslation('pages');
  const routeId = useMatches().at(-1)?.id;
  const id: InfoPageId = isInfoPageId(routeId) ? routeId : 'terms';
  const { paragraphs = [], questions = [] } = SECTIONS[id];

  return (
    <article className="mx-auto max-w-3xl px-4 py-14 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{t(`${id}.title`)}</h1>
      <p className="mt-2 text-sm text-slate-600">{t('updated', { date: updatedMonth(appLanguage(i18n.language)) })}</p>
      <div className="mt-8 space-y-5 text-base leading-relaxed text-slate-700">
        {paragraphs.map((key) => (
          <p key={key}>{t(`${id}.${key}`)}</p>
        ))}
        {questions.length > 0 ? (
          <dl className="space-y-6">
            {questions.map(([question, answer]) => (
              <div key={question} className="rounded-xl border border-slate-200 p-5">
                <dt className="font-semibold text-slate-900">{t(`${id}.${question}`)}</dt>
                <dd className="mt-2 text-slate-700">{t(`${id}.${answer}`)}</dd>
              </div>
            ))}
          </dl>
        ) : null}
      </div>
    </article>
  );
}
