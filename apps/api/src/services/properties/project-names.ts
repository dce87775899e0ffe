import { and, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { projectAliases, projects, properties } from '../../db/schema.ts';
import { containsPattern } from './search-text.ts';

/** A project that visitors see: approved and not merged away (ADR 028). */
export const isPublicProject = and(eq(projects.review, 'approved'), isNull(projects.mergedIntoId)) as SQL;

/** Both names of a project as one lower-case text (index projects_names_trgm_idx). */
export const projectNamesText = sql`lower(${projects.nameEn} || ' ' || coalesce(${projects.nameTh}, ''))`;

/**
 * Projects (any review) one of whose names or aliases contains `text`, case-insensitive, in any script: a
 * sub-select of ids. Spaces are ignored on both sides too, so "ideoq" finds "Ideo Q" and "ไอดีโอคิว" "ไอดีโอ คิว".
 */
export function projectIdsNamed(text: string): SQL {
  const pattern = containsPattern(text.toLowerCase());
  const squashed = containsPattern(text.toLowerCase().replace(/\s+/g, ''));
  return sql`(select ${projects.id} from ${projects} where ${projectNamesText} like ${pattern} or replace(${projectNamesText}, ' ', '') like ${squashed}
    union select ${projectAliases.projectId} from ${projectAliases} where lower(${projectAliases.alias}) like ${pattern} or replace(lower(${projectAliases.alias}), ' ', '') like ${squashed})`;
}

/** The project's id for a slug: its own, or, for a merged-away slug, the project it was merged into. */
function publicProjectIdOfSlug(slug: string): SQL {
  return sql`(select coalesce(${projects.mergedIntoId}, ${projects.id}) from ${projects} where ${projects.slug} = ${slug})`;
}

/** `project=<slug>` on a listing search: listings of that public project (a merged-away slug means its new one). */
export function inProject(slug: string): SQL {
  return sql`${properties.projectId} in (select ${projects.id} from ${projects} where ${projects.id} = ${publicProjectIdOfSlug(slug)} and ${isPublicProject})`;
}

/**
 * A word of `q` on a listing search also matches the names and aliases of the listing's public project. Written as
 * `= any(array(…))`, an init plan run once, so the planner can look the few project ids up in properties_project_idx
 * next to the text's trigram index; as `in (subquery)` beside a LIKE it tested every listing (a seq scan of 100,000
 * listings, 0.6 s for "quiet garden", docs/benchmarks.md).
 */
export function listingProjectNamed(word: string): SQL {
  return sql`${properties.projectId} = any(array(select ${projects.id} from ${projects} where ${projects.id} in ${projectIdsNamed(word)} and ${isPublicProject}))`;
}

/**
 * The public projects whose names or aliases hold every one of these words (what `q` left after places, stations
 * and amounts): `understood` shows them as `project` chips instead of plain text (ADR 028). At most 3.
 */
export async function projectsNamedByAll(
  db: Db,
  words: readonly string[],
): Promise<{ slug: string; nameEn: string; nameTh: string | null }[]> {
  if (words.length === 0) return [];
  return db
    .select({ slug: projects.slug, nameEn: projects.nameEn, nameTh: projects.nameTh })
    .from(projects)
    .where(and(isPublicProject, ...words.map((word) => sql`${projects.id} in ${projectIdsNamed(word)}`)))
    .orderBy(projects.id)
    .limit(3);
}
