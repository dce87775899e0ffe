import {
  type AdminProject,
  ProjectPageResponse,
  type ProjectSummary,
  type SuggestProjectRequest,
} from '@baan/contract';
import { api } from '../../../lib/api';

/** Projects matching `q` in any of their names (GET /api/projects); plain fetch, like the place search. */
export type ProjectFetcher = (q: string, options: { signal: AbortSignal }) => Promise<ProjectSummary[]>;

/** How many projects the wizard suggests at once. */
export const PROJECT_SUGGESTIONS = 6;

export const fetchProjects: ProjectFetcher = async (q, { signal }) => {
  const response = await fetch(`/api/projects?q=${encodeURIComponent(q)}&per_page=${PROJECT_SUGGESTIONS}`, {
    headers: { Accept: 'application/json' },
    signal,
  });
  if (!response.ok) throw new Error(`Project search failed with HTTP ${response.status}`);
  return ProjectPageResponse.parse(await response.json()).payload.items;
};

/** POST /api/projects/suggest (signed in): a building to be reviewed, which the person may link at once. */
export const projectsApi = api.injectEndpoints({
  endpoints: (build) => ({
    suggestProject: build.mutation<AdminProject, SuggestProjectRequest>({
      query: (body) => ({ url: '/projects/suggest', method: 'POST', body }),
    }),
  }),
});

export const { useSuggestProjectMutation } = projectsApi;
