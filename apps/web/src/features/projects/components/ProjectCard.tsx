import type { Language, ProjectSummary } from '@baan/contract';
import { Building2, MapPin } from '../../../components/ui/icons';
import { Link } from '../../../i18n/localized-router';
import { useTranslation } from '../../../i18n/use-translation';
import { useLocalizePlace } from '../../../lib/places/use-localize-place';
import { formatWhole, formatYield, otherName, projectName } from '../lib/project-format';

/** A project in a list: its names, place, status and year, units for sale and rent, price per m² and yield. */
export function ProjectCard({ project, language }: { project: ProjectSummary; language: Language }) {
  const { t } = useTranslation('projects');
  const localizePlace = useLocalizePlace();
  const name = projectName(project, language);
  const other = otherName(project, language);
  const place = [project.district, project.province].filter(Boolean).join(', ');
  return (
    <article className="relative flex h-full flex-col gap-2 rounded-xl border border-slate-200 bg-white p-4 shadow-sm hover:shadow-md has-[a:focus-visible]:ring-3 has-[a:focus-visible]:ring-teal-500">
      <h3 className="flex items-start gap-2 text-base font-semibold text-slate-900">
        <Building2 className="mt-0.5 size-5 shrink-0 text-teal-700" aria-hidden="true" />
        <Link
          to={`/project/${project.slug}`}
          className="after:absolute after:inset-0 after:content-[''] focus-visible:outline-none"
        >
          {name}
          {other ? <span className="block text-sm font-normal text-slate-600">{other}</span> : null}
        </Link>
      </h3>
      {place ? (
        <p className="flex items-center gap-1 text-sm text-slate-600">
          <MapPin className="size-4 shrink-0" aria-hidden="true" />
          <span className="truncate">{localizePlace(place)}</span>
        </p>
      ) : null}
      <p className="text-sm text-slate-700">
        {t(`project.statuses.${project.status}`)}
        {project.year_completed !== null
          ? ` · ${t(project.status === 'completed' ? 'list.built' : 'list.expected', { year: project.year_completed })}`
          : ''}
      </p>
      <p className="mt-auto flex flex-wrap gap-x-3 gap-y-1 border-t border-slate-100 pt-3 text-sm text-slate-800">
        {project.median_price_per_sqm !== null ? (
          <span className="font-semibold text-teal-800">
            {t('list.pricePerSqm', { value: formatWhole(project.median_price_per_sqm) })}
          </span>
        ) : null}
        {project.gross_yield_pct !== null ? (
          <span>{t('list.yield', { value: formatYield(project.gross_yield_pct) })}</span>
        ) : null}
        <span>{t('list.forSale', { count: project.listings_for_sale })}</span>
        <span>{t('list.forRent', { count: project.listings_for_rent })}</span>
      </p>
    </article>
  );
}

/** A grid of project cards. */
export function ProjectGrid({
  items,
  language,
  label,
}: {
  items: ProjectSummary[];
  language: Language;
  label: string;
}) {
  return (
    <ul aria-label={label} className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {items.map((project) => (
        <li key={project.id}>
          <ProjectCard project={project} language={language} />
        </li>
      ))}
    </ul>
  );
}
