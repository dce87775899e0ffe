import type { Project, ProjectSummary } from '@baan/contract';
import { Check } from '../../../components/ui/icons';
import { useTranslation } from '../../../i18n/use-translation';
import { formatWhole } from '../lib/project-format';

/** Developer, status, year, towers, floors, units and common fee; "not known" where the project does not say. */
export function ProjectFacts({ project }: { project: ProjectSummary }) {
  const { t } = useTranslation('projects');
  const unknown = t('project.unknown');
  const number = (value: number | null) => (value === null ? unknown : formatWhole(value));
  const rows: [string, string][] = [
    [t('project.developer'), project.developer ?? unknown],
    [t('project.status'), t(`project.statuses.${project.status}`)],
    [
      project.status === 'completed' ? t('project.year') : t('project.yearExpected'),
      project.year_completed === null ? unknown : String(project.year_completed),
    ],
    [t('project.towers'), number(project.towers)],
    [t('project.floors'), number(project.floors)],
    [t('project.units'), number(project.units)],
    [
      t('project.commonFee'),
      project.common_fee_per_sqm === null
        ? unknown
        : t('project.commonFeeValue', { fee: formatWhole(project.common_fee_per_sqm) }),
    ],
  ];
  return (
    <section aria-labelledby="project-facts">
      <h2 id="project-facts" className="text-xl font-bold text-slate-900">
        {t('project.facts')}
      </h2>
      <dl className="mt-3 grid grid-cols-1 gap-x-6 sm:grid-cols-2">
        {rows.map(([label, value]) => (
          <div key={label} className="flex justify-between gap-4 border-b border-slate-100 py-2 text-sm">
            <dt className="text-slate-600">{label}</dt>
            <dd className="text-right font-medium text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

export function ProjectFacilities({ facilities }: { facilities: Project['facilities'] }) {
  const { t } = useTranslation('projects');
  return (
    <section aria-labelledby="project-facilities" className="mt-8">
      <h2 id="project-facilities" className="text-xl font-bold text-slate-900">
        {t('project.facilities')}
      </h2>
      {facilities.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">{t('project.noFacilities')}</p>
      ) : (
        <ul className="mt-3 grid grid-cols-1 gap-2 text-sm text-slate-800 sm:grid-cols-2">
          {facilities.map((facility) => (
            <li key={facility} className="flex items-center gap-2">
              <Check className="size-4 shrink-0 text-teal-700" aria-hidden="true" />
              {t(`project.facility.${facility}`)}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** The project's photos (from its listings, cover first), at most `max`, lazily loaded but the first. */
export function ProjectPhotos({ project, name, max = 6 }: { project: Project; name: string; max?: number }) {
  const { t } = useTranslation('projects');
  const images = project.images.slice(0, max);
  if (images.length === 0) return null;
  return (
    <section aria-labelledby="project-photos" className="mt-6">
      <h2 id="project-photos" className="sr-only">
        {t('project.photos')}
      </h2>
      <ul className="grid grid-cols-2 gap-2 sm:grid-cols-3">
        {images.map((image, i) => (
          <li key={image.id} className={i === 0 ? 'col-span-2 row-span-2' : ''}>
            <img
              src={image.image_path}
              srcSet={image.srcset || undefined}
              sizes={i === 0 ? '(min-width: 640px) 66vw, 100vw' : '(min-width: 640px) 33vw, 50vw'}
              alt={t('project.photo', { n: i + 1, name })}
              loading={i === 0 ? 'eager' : 'lazy'}
              fetchPriority={i === 0 ? 'high' : undefined}
              className="aspect-[4/3] h-full w-full rounded-lg object-cover"
              width={640}
              height={480}
            />
          </li>
        ))}
      </ul>
    </section>
  );
}
