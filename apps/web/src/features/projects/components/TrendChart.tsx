import type { Language, MarketMonth } from '@baan/contract';
import { useId } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { formatWhole, monthLabel } from '../lib/project-format';

const WIDTH = 640;
const HEIGHT = 226;
const LEFT = 84;
const RIGHT = 24;
const TOP = 12;
/** The line's area; the month's sample bars sit below it. */
const PLOT_BOTTOM = 140;
const BARS_TOP = 152;
const BARS_BOTTOM = 196;

type Series = 'price' | 'rent';

const pick = (month: MarketMonth, series: Series) =>
  series === 'price'
    ? { value: month.median_price_per_sqm, sample: month.sale_listings }
    : { value: month.median_rent_per_sqm, sample: month.rent_listings };

/** A step up from `value` that reads well on an axis: 1, 2 or 5 times a power of ten. */
function niceCeiling(value: number): number {
  if (value <= 0) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  for (const step of [1, 2, 2.5, 5, 10]) if (step * power >= value) return step * power;
  return 10 * power;
}

/**
 * One series of a market trend (median price per m², or median rent per m² a month) as an SVG drawn on the server: the
 * median as a line (broken where a month had no listing) and each month's number of listings as a bar below it. The
 * image carries a one-sentence summary for screen readers; the full figures are in the table beside it.
 */
export function TrendChart({ trend, series, language }: { trend: MarketMonth[]; series: Series; language: Language }) {
  const { t } = useTranslation('projects');
  const id = useId();
  const points = trend.map((month) => pick(month, series));
  const values = points.flatMap((p) => (p.value === null ? [] : [p.value]));
  const maxValue = niceCeiling(Math.max(0, ...values));
  const maxSample = Math.max(1, ...points.map((p) => p.sample));
  const step = trend.length > 1 ? (WIDTH - LEFT - RIGHT) / (trend.length - 1) : 0;
  const x = (i: number) => LEFT + i * step;
  const y = (value: number) => PLOT_BOTTOM - (value / maxValue) * (PLOT_BOTTOM - TOP);
  // One path, with a new segment after each month without a figure.
  let path = '';
  let drawing = false;
  points.forEach((p, i) => {
    if (p.value === null) {
      drawing = false;
      return;
    }
    path += `${drawing ? 'L' : 'M'}${x(i).toFixed(1)} ${y(p.value).toFixed(1)} `;
    drawing = true;
  });
  const withValue = trend.flatMap((month, i) => {
    const value = points[i]?.value ?? null;
    return value === null ? [] : [{ month, value }];
  });
  const first = withValue[0];
  const last = withValue[withValue.length - 1];
  const format = (value: number) =>
    t(series === 'price' ? 'market.perSqm' : 'market.perSqmMonth', { value: formatWhole(value) });
  const title = t(series === 'price' ? 'market.priceChart' : 'market.rentChart');
  const summary =
    first && last
      ? t('market.chartSummary', {
          from: format(first.value),
          first: monthLabel(first.month.month, language),
          to: format(last.value),
          last: monthLabel(last.month.month, language),
          months: withValue.length,
        })
      : t('market.chartEmpty');
  if (!first) {
    // No month with a figure: no axes to read (they would count 0, 1, 1), only what the period holds.
    return (
      <figure className="min-w-0" aria-labelledby={`${id}-caption`} data-testid={`trend-${series}`}>
        <figcaption id={`${id}-caption`} className="mb-1 text-sm font-semibold text-slate-800">
          {title}
        </figcaption>
        <p className="flex min-h-32 items-center justify-center rounded-lg border border-dashed border-slate-300 bg-slate-50 px-4 text-center text-sm text-slate-600">
          {summary}
        </p>
      </figure>
    );
  }
  const labelEvery = Math.max(1, Math.ceil(trend.length / 4));
  const color = series === 'price' ? '#0f766e' : '#1d4ed8';
  return (
    <figure className="min-w-0">
      <figcaption className="mb-1 text-sm font-semibold text-slate-800">{title}</figcaption>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-labelledby={`${id}-title ${id}-desc`}
        className="h-auto w-full"
        data-testid={`trend-${series}`}
      >
        <title id={`${id}-title`}>{title}</title>
        <desc id={`${id}-desc`}>{summary}</desc>
        {[0, 0.5, 1].map((share) => (
          <g key={share}>
            <line x1={LEFT} x2={WIDTH - RIGHT} y1={y(maxValue * share)} y2={y(maxValue * share)} stroke="#e2e8f0" />
            <text x={LEFT - 6} y={y(maxValue * share) + 4} textAnchor="end" fontSize="15" fill="#475569">
              {formatWhole(maxValue * share)}
            </text>
          </g>
        ))}
        {points.map((p, i) =>
          p.sample > 0 ? (
            <rect
              // biome-ignore lint/suspicious/noArrayIndexKey: months are fixed positions
              key={i}
              x={x(i) - 3}
              width={6}
              y={BARS_BOTTOM - (p.sample / maxSample) * (BARS_BOTTOM - BARS_TOP)}
              height={(p.sample / maxSample) * (BARS_BOTTOM - BARS_TOP)}
              fill="#cbd5e1"
            />
          ) : null,
        )}
        <text x={LEFT - 6} y={BARS_BOTTOM} textAnchor="end" fontSize="15" fill="#475569">
          {`n ${formatWhole(maxSample)}`}
        </text>
        {path ? <path d={path} fill="none" stroke={color} strokeWidth="2.5" strokeLinejoin="round" /> : null}
        {points.map((p, i) =>
          p.value === null ? null : (
            // biome-ignore lint/suspicious/noArrayIndexKey: months are fixed positions
            <circle key={i} cx={x(i)} cy={y(p.value)} r="3" fill={color} />
          ),
        )}
        {trend.map((month, i) =>
          i % labelEvery === 0 || i === trend.length - 1 ? (
            <text key={month.month} x={x(i)} y={HEIGHT - 6} textAnchor="middle" fontSize="15" fill="#475569">
              {monthLabel(month.month, language)}
            </text>
          ) : null,
        )}
      </svg>
      <p className="mt-1 flex items-center gap-2 text-xs text-slate-600">
        <span aria-hidden="true" className="inline-block size-3 rounded-sm bg-slate-300" />
        {t('market.sample')}
      </p>
    </figure>
  );
}
