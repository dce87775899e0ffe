import { CompareQuery, MAX_COMPARE, type Property } from '@baan/contract';
import { useEffect, useRef } from 'react';
import {
  data,
  type LoaderFunctionArgs,
  type MetaFunction,
  useLoaderData,
  useNavigate,
  useSearchParams,
} from 'react-router';
import { ComparePage, type CompareProblem } from '../../features/compare/components/ComparePage';
import type { CompareFormat } from '../../features/compare/components/CompareTable';
import { formatNearestStation } from '../../features/listings/lib/facts';
import { formatPrice } from '../../features/listings/lib/format';
import { fixedT } from '../../i18n/i18n.server';
import { appLanguage } from '../../i18n/options';
import { useTranslation } from '../../i18n/use-translation';
import { removeFromCompare, useCompareIds } from '../../session/compare';
import { seoMeta } from '../seo';
import { pageSeo, requestLanguage } from '../seo.server';

export const handle = { i18n: ['listings', 'tools', 'units'] };

/**
 * /compare?ids=1,2,3: the listings side by side, read on the server (page services' compareProperties, the same read as
 * GET /api/properties/compare). An address the contract refuses shows why, with a 400; never indexed (any mix of ids).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const t = fixedT(requestLanguage(request), 'tools');
  const seo = pageSeo({
    request,
    context,
    title: t('compare.metaTitle'),
    description: t('compare.metaDescription', { max: MAX_COMPARE }),
    robots: 'noindex',
  });
  const raw = new URL(request.url).searchParams.get('ids');
  if (raw === null || raw.trim() === '') return { items: [] as Property[], requested: 0, problem: null, seo };
  const parsed = CompareQuery.safeParse({ ids: raw });
  if (!parsed.success) {
    // The first issue is the contract's message (a string that is no id list also reports its length: not ours).
    const first = parsed.error.issues[0];
    const problem: CompareProblem = first?.code === 'too_big' && first.origin === 'array' ? 'tooMany' : 'invalid';
    return data({ items: [] as Property[], requested: 0, problem, seo }, { status: 400 });
  }
  const items = await context.pages.compareProperties(parsed.data.ids);
  return { items, requested: parsed.data.ids.length, problem: null as CompareProblem | null, seo };
}

interface CompareData {
  items: Property[];
  requested: number;
  problem: CompareProblem | null;
}

export const meta: MetaFunction<typeof loader> = ({ data }) => seoMeta(data?.seo);

/** The listings pages' wording of price per m², station distance, deed and type, for the table. */
function useListingFormat(): CompareFormat {
  const { t, i18n } = useTranslation('listings');
  return {
    pricePerSqm: (p) => {
      if (p.price_per_sqm === null) return null;
      const price = formatPrice(p.price_per_sqm);
      return p.type === 'rent' ? t('facts.perSqmMonth', { price }) : t('facts.perSqm', { price });
    },
    station: (p) => (p.nearest_station ? formatNearestStation(p.nearest_station, t, appLanguage(i18n.language)) : null),
    titleDeed: (p) => (p.title_deed ? t(`facts.deeds.${p.title_deed}`) : null),
    subType: (p) => t(`subTypes.${p.property_sub_type}`, { defaultValue: p.property_sub_type }),
  };
}

export default function Compare() {
  // The loader's two shapes (plain, and the refusal's `data(…, 400)`) as one.
  const { items, requested, problem }: CompareData = useLoaderData<typeof loader>();
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  // The ids with plain commas (URLSearchParams would write %2C): the address people see and share.
  const showIds = (ids: readonly number[]) =>
    navigate({ search: ids.length > 0 ? `?ids=${ids.join(',')}` : '' }, { replace: true });
  const selection = useCompareIds();
  const format = useListingFormat();

  // Opened without ids (the header, a bookmark): show this browser's selection once it is known.
  const opened = useRef(false);
  const hasIds = searchParams.has('ids');
  useEffect(() => {
    if (opened.current || hasIds || selection.length === 0) return;
    opened.current = true;
    showIds(selection);
  });

  function remove(id: number) {
    removeFromCompare(id);
    opened.current = true;
    const rest = items.map((p) => p.id).filter((other) => other !== id);
    showIds(rest);
  }

  return <ComparePage items={items} requested={requested} problem={problem} format={format} onRemove={remove} />;
}
