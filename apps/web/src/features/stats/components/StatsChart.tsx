import type { Language, StatsDay } from '@baan/contract';
import { useId } from 'react';
import { formatCount, formatDay } from '../lib/format';

export type StatsMetric = 'views' | 'visitors' | 'contact_clicks' | 'inquiries' | 'favorites';

export interface ChartSeries {
  metric: StatsMetric;
  label: string;
  /** Stroke or fill colour (a CSS colour). */
  color: string;
  /** Lines only: dashed, so two lines differ by more than their colour. */
  isDashed?: boolean;
}

interface StatsChartProps {
  title: string;
  /** What the chart shows in words (totals, the busiest day): the image's description for screen readers. */
  description: string;
  days: readonly StatsDay[];
  series: readonly ChartSeries[];
  kind: 'line' | 'bar';
  language: Language;
  /** Drawing height in px (the width follows the container). */
  height?: number;
}

/** Units per day across the drawing; the drawing stretches to the container's width. */
const STEP = 10;

/** The smallest "round" number (1, 2, 5 × 10ⁿ) at or above `max`, so the top gridline has a readable value. */
export function niceMax(max: number): number {
  if (max <= 1) return 1;
  const power = 10 ** Math.floor(Math.log10(max));
  for (const factor of [1, 2, 5, 10]) if (factor * power >= max) return factor * power;
  return 10 * power;
}

/** Up to four days to name under the axis: the first, the last and evenly spaced ones between (every day up to 7). */
export function labelIndexes(count: number): number[] {
  if (count <= 7) return Array.from({ length: count }, (_, i) => i);
  const last = count - 1;
  return [0, Math.round(last / 3), Math.round((2 * last) / 3), last];
}

/**
 * A daily chart as inline SVG (no chart library): lines or grouped bars, a legend with each series' total, the top
 * value and the dates as HTML text (so they never stretch), and a native tooltip per day for a mouse. The drawing is
 * one image for assistive technology, labelled by the title and described in words; the page offers the same
 * figures as a table.
 */
export function StatsChart({ title, description, days, series, kind, language, height = 180 }: StatsChartProps) {
  const titleId = useId();
  const descriptionId = useId();
  const count = Math.max(days.length, 1);
  const width = count * STEP;
  const top = niceMax(Math.max(0, ...days.flatMap((day) => series.map((s) => day[s.metric]))));
  const y = (value: number) => 100 - (value / top) * 100;
  const x = (index: number) => (index + 0.5) * STEP;
  const barWidth = (STEP * 0.8) / series.length;

  return (
    <figure className="rounded-2xl border border-slate-200 bg-white p-4 sm:p-5">
      <figcaption>
        <h3 id={titleId} className="text-base font-semibold text-slate-900">
          {title}
        </h3>
        <ul className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-700">
          {series.map((s) => (
            <li key={s.metric} className="flex items-center gap-2">
              <svg width="20" height="10" aria-hidden="true" className="shrink-0">
                {kind === 'line' ? (
                  <line
                    x1="0"
                    y1="5"
                    x2="20"
                    y2="5"
                    stroke={s.color}
                    strokeWidth="2.5"
                    strokeDasharray={s.isDashed ? '4 3' : undefined}
                  />
                ) : (
                  <rect x="4" y="0" width="12" height="10" rx="2" fill={s.color} />
                )}
              </svg>
              <span>
                {s.label}:{' '}
                <span className="font-semibold tabular-nums">
                  {formatCount(days.reduce((sum, day) => sum + day[s.metric], 0))}
                </span>
              </span>
            </li>
          ))}
        </ul>
      </figcaption>
      <p id={descriptionId} className="sr-only">
        {description}
      </p>
      <div className="mt-3 flex gap-2">
        {/* The scale: the top value, the middle and zero, beside the drawing. */}
        <div
          className="flex shrink-0 flex-col justify-between text-right text-xs text-slate-500 tabular-nums"
          style={{ height }}
          aria-hidden="true"
        >
          <span className="-translate-y-1/2">{formatCount(top)}</span>
          <span>{top % 2 === 0 ? formatCount(top / 2) : ''}</span>
          <span className="translate-y-1/2">0</span>
        </div>
        <div className="min-w-0 flex-1">
          <svg
            role="img"
            aria-labelledby={titleId}
            aria-describedby={descriptionId}
            viewBox={`0 0 ${width} 100`}
            preserveAspectRatio="none"
            width="100%"
            height={height}
            overflow="visible"
            className="block"
          >
            <title>{title}</title>
            {[0, 50, 100].map((line) => (
              <line
                key={line}
                x1="0"
                x2={width}
                y1={line}
                y2={line}
                stroke={line === 100 ? '#94a3b8' : '#e2e8f0'}
                strokeWidth="1"
                vectorEffect="non-scaling-stroke"
              />
            ))}
            {kind === 'bar'
              ? series.map((s, seriesIndex) =>
                  days.map((day, index) =>
                    day[s.metric] > 0 ? (
                      <rect
                        key={`${s.metric}-${day.date}`}
                        data-series={s.metric}
                        x={index * STEP + STEP * 0.1 + seriesIndex * barWidth}
                        y={y(day[s.metric])}
                        width={barWidth}
                        height={100 - y(day[s.metric])}
                        fill={s.color}
                      />
                    ) : null,
                  ),
                )
              : series.map((s) => (
                  <polyline
                    key={s.metric}
                    data-series={s.metric}
                    points={days.map((day, index) => `${x(index)},${y(day[s.metric])}`).join(' ')}
                    fill="none"
                    stroke={s.color}
                    strokeWidth="2.5"
                    strokeLinejoin="round"
                    strokeDasharray={s.isDashed ? '6 4' : undefined}
                    vectorEffect="non-scaling-stroke"
                  />
                ))}
            {/* A band per day whose tooltip names the day and its figures. */}
            {days.map((day, index) => (
              <rect
                key={day.date}
                x={index * STEP}
                y="0"
                width={STEP}
                height="100"
                fill="transparent"
                className="hover:fill-slate-900/5"
              >
                <title>
                  {`${formatDay(day.date, language, 'long')}: ${series.map((s) => `${s.label} ${formatCount(day[s.metric])}`).join(', ')}`}
                </title>
              </rect>
            ))}
          </svg>
          <div className="relative mt-1 h-5 text-xs text-slate-500" aria-hidden="true">
            {labelIndexes(days.length).map((index, i, all) => {
              const day = days[index];
              if (!day) return null;
              const edge = i === 0 ? 'translate-x-0' : i === all.length - 1 ? '-translate-x-full' : '-translate-x-1/2';
              const left = i === 0 ? 0 : i === all.length - 1 ? 100 : ((index + 0.5) / count) * 100;
              return (
                <span key={day.date} className={`absolute whitespace-nowrap ${edge}`} style={{ left: `${left}%` }}>
                  {formatDay(day.date, language)}
                </span>
              );
            })}
          </div>
        </div>
      </div>
    </figure>
  );
}
