import { useTranslation } from 'react-i18next';
import { useMatches } from 'react-router';

export type InfoPageId = 'terms' | 'privacy' | 'services' | 'faq';

/** Paragraph keys per page (`pages:<id>.<key>`); the FAQ pairs each question with its answer. */
const SECTIONS: Record<InfoPageId, { paragraphs?: string[]; questions?: [string, string][] }> = {
  terms: { paragraphs: ['p1', 'p2', 'p3'] },
  privacy: { paragraphs: ['p1', 'p2', 'p3'] },
  services: { paragraphs: ['p1', 'p2', 'p3'] },
  faq: {
    questions: [
      ['q1', 'a1'],
      ['q2', 'a2'],
      ['q3', 'a3'],
    ],
  },
};

export function isInfoPageHandle(handle: unknown): handle is { infoPage: InfoPageId } {
  return typeof handle === 'object' && handle !== null && 'infoPage' in handle;
}

/** Terms, privacy, services and FAQ: short static pages; which one comes from the route's `handle`. */
export function Component() {
  const { t } = useTranslation('pages');
  const match = useMatches().findLast((m) => isInfoPageHandle(m.handle));
  const id: InfoPageId = isInfoPageHandle(match?.handle) ? match.handle.infoPage : 'terms';
  const { paragraphs = [], questions = [] } = SECTIONS[id];

  return (
    <article className="mx-auto max-w-3xl px-4 py-14 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{t(`${id}.title`)}</h1>
      <p className="mt-2 text-sm text-slate-600">{t('updated')}</p>
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
