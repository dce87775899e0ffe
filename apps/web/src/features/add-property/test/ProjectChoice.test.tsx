import type { ProjectSummary } from '@baan/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../../test/http';
import { renderApp } from '../../../test/render-app';
import { emptyForm, toWireFields } from '../lib/property-form';
import { SESSION, stubApi } from './wizard-helpers';

vi.setConfig({ testTimeout: 30_000 });

const NOBLE: ProjectSummary = {
  id: 11,
  slug: 'noble-ploenchit-demo',
  name_en: 'Noble Ploenchit (demo)',
  name_th: 'โนเบิล เพลินจิต (ตัวอย่าง)',
  aliases: ['Noble Ploenchit'],
  developer: 'Noble Development',
  status: 'completed',
  year_completed: 2016,
  towers: 3,
  floors: 51,
  units: 1300,
  facilities: [],
  common_fee_per_sqm: 75,
  lat: 13.7437,
  lon: 100.5489,
  province: 'Bangkok',
  district: 'Pathum Wan',
  nearest_stations: [],
  cover_image: null,
  listings_for_sale: 0,
  listings_for_rent: 0,
  median_price_per_sqm: null,
  median_rent_per_sqm: null,
  gross_yield_pct: null,
};

/** The wizard's API (wizard-helpers) plus GET /api/projects (by any name) and POST /api/projects/suggest. */
function stubProjects() {
  const base = stubApi();
  const searches: string[] = [];
  const suggestions: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input instanceof Request ? input.url : input), 'http://localhost');
      if (url.pathname === '/api/projects/suggest' && input instanceof Request) {
        suggestions.push(await input.clone().json());
        return jsonResponse(201, {
          success: true,
          payload: { ...NOBLE, id: 12, slug: 'baan-suan-demo', name_en: 'Baan Suan', name_th: null },
        });
      }
      if (url.pathname === '/api/projects') {
        const q = url.searchParams.get('q') ?? '';
        searches.push(q);
        const names = [NOBLE.name_en, NOBLE.name_th ?? '', ...NOBLE.aliases].join(' ').toLowerCase();
        const items = names.includes(q.toLowerCase()) ? [NOBLE] : [];
        return jsonResponse(200, { success: true, payload: { items, total: items.length, page: 1, per_page: 6 } });
      }
      return base(input as never);
    }),
  );
  return { searches, suggestions };
}

async function openWizard(path = '/th/add-property') {
  const view = await renderApp(path, SESSION);
  await screen.findByRole('heading', { level: 1 }, { timeout: 15_000 });
  return view;
}

describe('the wizard’s project (building)', () => {
  it('finds a project by its Thai name as the owner types, and choosing it fills the place; it can be removed', async () => {
    const { searches } = stubProjects();
    await openWizard();
    const user = userEvent.setup({ delay: null });
    await user.type(screen.getByRole('combobox', { name: 'อาคารหรือโครงการ (ไม่บังคับ)' }), 'โนเบิล');
    await user.click(await screen.findByRole('option', { name: /โนเบิล เพลินจิต \(ตัวอย่าง\)/ }));
    expect(searches.at(-1)).toBe('โนเบิล');
    expect(screen.getByText('โนเบิล เพลินจิต (ตัวอย่าง)', { selector: 'strong' })).toBeInTheDocument();
    // The place is the building's, in the location box.
    expect(screen.getByRole('combobox', { name: 'ทำเล' })).toHaveValue('Noble Ploenchit (demo), Pathum Wan, Bangkok');
    await user.click(screen.getByRole('button', { name: 'นำโครงการ โนเบิล เพลินจิต (ตัวอย่าง) ออก' }));
    expect(screen.getByRole('combobox', { name: 'อาคารหรือโครงการ (ไม่บังคับ)' })).toHaveValue('');
  });

  it('asks for the place before a building can be suggested, in the person’s language, and sends nothing', async () => {
    const { suggestions } = stubProjects();
    await openWizard();
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('button', { name: 'หาอาคารของคุณไม่เจอใช่ไหม' }));
    const form = screen.getByRole('region', { name: 'เสนออาคารของคุณ' });
    await user.type(within(form).getByRole('textbox', { name: 'ชื่อภาษาอังกฤษ' }), 'Baan Suan');
    await user.click(within(form).getByRole('button', { name: 'เสนอและใช้โครงการนี้' }));
    expect(within(form).getByRole('alert')).toHaveTextContent('เลือกที่ตั้งของประกาศด้านล่างก่อน อาคารจะอยู่ตรงนั้น');
    expect(suggestions).toEqual([]);
  });

  it('suggests a building at the chosen place and uses it at once', async () => {
    const { suggestions } = stubProjects();
    await openWizard('/add-property');
    const user = userEvent.setup({ delay: null });
    await user.type(screen.getByRole('combobox', { name: 'Location' }), 'Sukh');
    await user.click(await screen.findByRole('option', { name: /Sukhumvit, Khlong Toei, Bangkok/ }));
    await user.click(screen.getByRole('button', { name: 'Can’t find your building?' }));
    const form = screen.getByRole('region', { name: 'Suggest your building' });
    // Nothing typed: the English name is asked for.
    await user.click(within(form).getByRole('button', { name: 'Suggest and use it' }));
    expect(within(form).getByRole('textbox', { name: 'Name in English' })).toHaveAccessibleDescription(
      'Enter the building’s English name.',
    );
    expect(suggestions).toEqual([]);
    await user.type(within(form).getByRole('textbox', { name: 'Name in English' }), 'Baan Suan');
    await user.click(within(form).getByRole('button', { name: 'Suggest and use it' }));
    expect(await screen.findByText('Baan Suan', { selector: 'strong' })).toBeInTheDocument();
    expect(suggestions).toEqual([
      { name_en: 'Baan Suan', name_th: null, location: 'Sukhumvit, Khlong Toei, Bangkok', lat: 13.7376, lon: 100.5601 },
    ]);
  });
});

describe('project_id on the wire', () => {
  const project = { id: 11, slug: 'noble-ploenchit-demo', name_en: 'Noble', name_th: null };
  it('sends the chosen project on create, and nothing without one', () => {
    expect(toWireFields({ ...emptyForm(), project }).project_id).toBe('11');
    expect(toWireFields(emptyForm())).not.toHaveProperty('project_id');
  });
});
