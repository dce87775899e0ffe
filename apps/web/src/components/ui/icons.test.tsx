import { readFileSync } from 'node:fs';
import { render, screen } from '@testing-library/react';
// biome-ignore lint/style/noRestrictedImports: the test compares each sprite symbol with lucide-react's own drawing.
import * as lucide from 'lucide-react';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { iconNames, iconSprite, SPRITE } from '../../../scripts/icon-sprite.mjs';
import * as icons from './icons';
import { Heart, Loader2, MapPin, Search } from './icons';

const sprite = readFileSync(SPRITE, 'utf8');
const exported = Object.entries(icons).filter(([, value]) => typeof value === 'function') as [
  string,
  icons.IconComponent,
][];

/** The symbol's inner markup in the sprite. */
function symbol(id: string): string | undefined {
  return new RegExp(`<symbol id="${id}" viewBox="0 0 24 24">(.*?)</symbol>`).exec(sprite)?.[1];
}

describe('icons drawn from the sprite', () => {
  it('has a sprite that is up to date with icons.tsx (else run `npm run icons -w @baan/web`)', async () => {
    expect(iconNames().length).toBeGreaterThan(100);
    expect(sprite).toBe(await iconSprite());
  });

  it('draws every icon exactly as the lucide-react icon of the same name', () => {
    expect(exported.length).toBeGreaterThan(100);
    for (const [name, Icon] of exported) {
      const id = Icon.displayName ?? '';
      const original = (lucide as unknown as Record<string, Parameters<typeof createElement>[0]>)[name];
      expect(original, name).toBeDefined();
      const inner = renderToStaticMarkup(createElement(original as string))
        .replace(/^<svg[^>]*>/, '')
        .replace(/<\/svg>$/, '')
        .replace(/><\/(path|circle|rect|line|polyline|polygon|ellipse)>/g, '/>');
      expect(symbol(id), `${name} (#${id})`).toBe(inner);
    }
  });

  it('puts no shape in the page: one <use> of the sprite, the icon class and the caller`s classes', () => {
    const { container } = render(<MapPin className="size-4 text-sky-700" />);
    const svg = container.querySelector('svg');
    expect(svg?.getAttribute('class')).toBe('icon size-4 text-sky-700');
    expect(svg?.getAttribute('viewBox')).toBe('0 0 24 24');
    expect(svg?.querySelectorAll('path, circle, rect, line, polyline, polygon, ellipse')).toHaveLength(0);
    const uses = svg?.querySelectorAll('use') ?? [];
    expect(uses).toHaveLength(1);
    expect(uses[0]?.getAttribute('href')).toMatch(/icon-sprite[^#]*#map-pin$/);
    expect(symbol('map-pin')).toContain('<circle cx="12" cy="10" r="3"/>');
  });

  it('hides an icon without a name from assistive technology, and names one that has a label', () => {
    const { container } = render(
      <>
        <Search className="size-4" />
        <Loader2 className="size-6 animate-spin" aria-label="Loading" />
        <Heart>
          <title>Saved</title>
        </Heart>
      </>,
    );
    const [plain, labelled, titled] = [...container.querySelectorAll('svg')];
    expect(plain?.getAttribute('aria-hidden')).toBe('true');
    expect(labelled?.hasAttribute('aria-hidden')).toBe(false);
    expect(screen.getByLabelText('Loading')).toBe(labelled);
    expect(titled?.hasAttribute('aria-hidden')).toBe(false);
    expect(titled?.querySelector('title')?.textContent).toBe('Saved');
  });

  it('keeps the caller`s size, colour and stroke width over the icon class (as a style)', () => {
    const { container } = render(
      <>
        <Heart size={32} color="red" strokeWidth={1.5} />
        <Heart size={48} strokeWidth={2} absoluteStrokeWidth />
        <Heart style={{ opacity: 0.5 }} />
      </>,
    );
    const [sized, absolute, styled] = [...container.querySelectorAll('svg')] as SVGElement[];
    expect(sized?.style.width).toBe('32px');
    expect(sized?.style.height).toBe('32px');
    expect(sized?.style.stroke).toBe('red');
    expect(sized?.style.strokeWidth).toBe('1.5');
    expect(absolute?.style.strokeWidth).toBe('1');
    expect(styled?.getAttribute('style')).toBe('opacity: 0.5;');
  });
});
