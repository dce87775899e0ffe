import type { AdminProject } from '@baan/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../../test/render-app';
import { signedIn } from '../../../test/users';
import { validateProject } from '../components/ProjectsSection';
import { get, jsonResponse, ok, page, stubFetch } from './fixtures';

vi.setConfig({ testTimeout: 30_000 });

const ADMIN = {
  login: signedIn({ id: 1, name: 'Ada Admin', email: 'admin@baan.example', role: 'admin' }, 'admin-token'),
};

function adminProject(id: number, overrides: Partial<AdminProject> = {}): AdminProject {
  return {
    id,
    slug: `project-${id}`,
    name_en: `Project ${id}`,
    name_th: null,
    aliases: [],
    developer: null,
    status: 'completed',
    year_completed: 2018,
    towers: 1,
    floors: 30,
    units: 400,
    facilities: [],
    common_fee_per_sqm: 50,
    lat: 13.74,
    lon: 100.56,
    province: 'Bangkok',
    district: 'Watthana',
    nearest_stations: [],
    cover_image: null,
    listings_for_sale: 0,
    listings_for_rent: 0,
    median_price_per_sqm: null,
    median_rent_per_sqm: null,
    gross_yield_pct: null,
    description: {},
    images: [],
    review: 'approved',
    suggested_by: null,
    listings_total: 3,
    ...overrides,
  };
}

const suggested = adminProject(7, { name_en: 'Baan Suan Demo', review: 'pending', suggested_by: 4, listings_total: 1 });
const noble = adminProject(1, { name_en: 'Noble Demo', name_th: 'โนเบิล เดโม', aliases: ['Noble Asoke'] });
const duplicate = adminProject(2, { name_en: 'Noble Demo Asok', listings_total: 2 });

/** The console's project list: pending ones for review=pending, approved ones otherwise (searched by name). */
const listing = get('/api/admin/projects', (url) =>
  url.searchParams.get('review') === 'pending'
    ? page([suggested])
    : page(
        [noble, duplicate].filter((p) =>
          p.name_en.toLowerCase().includes((url.searchParams.get('q') ?? '').toLowerCase()),
        ),
      ),
);

async function openProjects(language = '') {
  const view = await renderApp(`${language}/admin/projects`, ADMIN);
  await screen.findByRole('table', { name: language ? 'รอตรวจสอบ' : 'Waiting for review' }, { timeout: 15_000 });
  return view;
}

describe('admin projects', () => {
  it('lists suggestions waiting for review first and approves one', async () => {
    const calls: string[] = [];
    stubFetch(listing, (request, url) => {
      if (request.method !== 'POST') return undefined;
      calls.push(url.pathname);
      return ok({ ...suggested, review: 'approved' }, 'The project is approved and visible to everyone.');
    });
    await openProjects();
    const tables = screen.getAllByRole('table');
    expect(tables[0]).toHaveAccessibleName('Waiting for review');
    expect(within(tables[0] as HTMLElement).getByText('Baan Suan Demo')).toBeInTheDocument();
    expect(tables[1]).toHaveAccessibleName('Approved projects');
    expect(within(tables[1] as HTMLElement).getByText('Noble Demo')).toBeInTheDocument();
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('button', { name: 'Approve Baan Suan Demo' }));
    expect(await screen.findByText('Project “Baan Suan Demo” approved and visible to everyone.')).toBeInTheDocument();
    expect(calls).toEqual(['/api/admin/projects/7/approve']);
  });

  it('checks the create form in the reader’s language and sends nothing until it is right', async () => {
    const bodies: unknown[] = [];
    stubFetch(listing, async (request, url) => {
      if (request.method !== 'POST' || url.pathname !== '/api/admin/projects') return undefined;
      bodies.push(await request.clone().json());
      return ok(adminProject(9, { name_en: 'Ideo Demo' }), 'Project created.');
    });
    await openProjects('/th');
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('button', { name: 'เพิ่มโครงการ' }));
    const dialog = screen.getByRole('dialog', { name: 'เพิ่มโครงการ' });
    await user.type(within(dialog).getByRole('textbox', { name: 'จำนวนชั้น' }), '201');
    await user.click(within(dialog).getByRole('button', { name: 'สร้างโครงการ' }));
    expect(within(dialog).getByRole('textbox', { name: 'ชื่อภาษาอังกฤษ' })).toHaveAccessibleDescription(
      'ต้องระบุชื่อภาษาอังกฤษ',
    );
    expect(within(dialog).getByRole('textbox', { name: 'จำนวนชั้น' })).toHaveAccessibleDescription(
      'กรอกจำนวนเต็มตั้งแต่ 1 ถึง 200',
    );
    expect(within(dialog).getByRole('textbox', { name: 'ละติจูด' })).toHaveAccessibleDescription(
      expect.stringContaining('กรอกละติจูดในประเทศไทย'),
    );
    expect(bodies).toEqual([]);

    await user.type(within(dialog).getByRole('textbox', { name: 'ชื่อภาษาอังกฤษ' }), 'Ideo Demo');
    await user.type(within(dialog).getByRole('textbox', { name: 'ชื่ออื่น' }), 'ไอดีโอ, Ideo Q');
    await user.clear(within(dialog).getByRole('textbox', { name: 'จำนวนชั้น' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'จำนวนชั้น' }), '200');
    await user.type(within(dialog).getByRole('textbox', { name: 'ละติจูด' }), '13.7475');
    await user.type(within(dialog).getByRole('textbox', { name: 'ลองจิจูด' }), '100.5292');
    await user.click(within(dialog).getByRole('checkbox', { name: 'สระว่ายน้ำ' }));
    await user.click(within(dialog).getByRole('button', { name: 'สร้างโครงการ' }));
    expect(await screen.findByText('สร้างโครงการ “Ideo Demo” แล้ว')).toBeInTheDocument();
    expect(bodies).toEqual([
      expect.objectContaining({
        name_en: 'Ideo Demo',
        aliases: ['ไอดีโอ', 'Ideo Q'],
        floors: 200,
        lat: 13.7475,
        lon: 100.5292,
        facilities: ['pool'],
        towers: null,
      }),
    ]);
  });

  it('merges one project into another only after a confirmation that says what moves', async () => {
    const bodies: unknown[] = [];
    stubFetch(listing, async (request, url) => {
      if (request.method !== 'POST' || url.pathname !== '/api/admin/projects/2/merge') return undefined;
      bodies.push(await request.clone().json());
      return ok(noble, 'The project was merged; its old address leads to the new one.');
    });
    await openProjects();
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('button', { name: 'Merge Noble Demo Asok into another project' }));
    const dialog = screen.getByRole('dialog', { name: 'Merge Noble Demo Asok into another project' });
    // Nothing chosen: the dialog says so and sends nothing.
    await user.click(within(dialog).getByRole('button', { name: 'Merge' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Choose the project to merge into.');
    // The project itself is not offered.
    expect(await within(dialog).findByRole('radio', { name: 'Noble Demo · โนเบิล เดโม' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('radio', { name: /Asok/ })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('radio', { name: 'Noble Demo · โนเบิล เดโม' }));
    await user.click(within(dialog).getByRole('button', { name: 'Merge' }));
    const confirm = screen.getByRole('dialog', { name: 'Merge Noble Demo Asok into Noble Demo?' });
    expect(confirm).toHaveTextContent(
      '2 listings and every alias of Noble Demo Asok move to Noble Demo, and the page of Noble Demo Asok will lead to Noble Demo. This cannot be undone.',
    );
    expect(bodies).toEqual([]);
    await user.click(within(confirm).getByRole('button', { name: 'Merge for good' }));
    expect(await screen.findByText('Noble Demo Asok was merged into Noble Demo.')).toBeInTheDocument();
    expect(bodies).toEqual([{ into_id: 1 }]);
  });

  it('shows the server’s refusal of a merge in the reader’s language', async () => {
    stubFetch(listing, (request, url) =>
      request.method === 'POST' && url.pathname === '/api/admin/projects/2/merge'
        ? jsonResponse(400, {
            success: false,
            message: 'That project was merged into another one; merge into that one instead.',
          })
        : undefined,
    );
    await openProjects('/th');
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('button', { name: 'รวม Noble Demo Asok เข้ากับโครงการอื่น' }));
    const dialog = screen.getByRole('dialog', { name: 'รวม Noble Demo Asok เข้ากับโครงการอื่น' });
    await user.click(await within(dialog).findByRole('radio', { name: 'Noble Demo · โนเบิล เดโม' }));
    await user.click(within(dialog).getByRole('button', { name: 'รวม' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'รวม Noble Demo Asok เข้ากับ Noble Demo ใช่หรือไม่' })).getByRole('button', {
        name: 'รวมถาวร',
      }),
    );
    expect(await screen.findByText('โครงการนั้นถูกรวมเข้ากับโครงการอื่นแล้ว ให้รวมเข้ากับโครงการนั้นแทน')).toBeInTheDocument();
  });
});

describe('validateProject', () => {
  const base = {
    name_en: 'A',
    name_th: '',
    aliases: '',
    developer: '',
    status: 'completed' as const,
    year_completed: '',
    towers: '',
    floors: '',
    units: '',
    common_fee_per_sqm: '',
    lat: '13.7',
    lon: '100.5',
    province: '',
    district: '',
    description_en: '',
    description_th: '',
    slug: '',
    facilities: [],
  };
  it('takes the bounds and refuses one past them', () => {
    expect(
      validateProject({ ...base, floors: '200', common_fee_per_sqm: '1000', lat: '21', lon: '97' }).fields,
    ).toMatchObject({
      floors: 200,
      common_fee_per_sqm: 1000,
    });
    expect(validateProject({ ...base, floors: '201' }).errors.floors?.key).toBe('projects.errors.whole');
    expect(validateProject({ ...base, common_fee_per_sqm: '1001' }).errors.common_fee_per_sqm?.key).toBe(
      'projects.errors.whole',
    );
    expect(validateProject({ ...base, lat: '21.01' }).errors.lat?.key).toBe('projects.errors.lat');
    expect(validateProject({ ...base, name_en: 'x'.repeat(121) }).errors.name_en?.key).toBe('projects.errors.tooLong');
    expect(
      validateProject({ ...base, aliases: Array.from({ length: 31 }, (_, i) => `n${i}`).join(',') }).errors.aliases
        ?.key,
    ).toBe('projects.errors.tooManyAliases');
    expect(
      validateProject({ ...base, aliases: Array.from({ length: 30 }, (_, i) => `n${i}`).join(',') }).fields?.aliases,
    ).toHaveLength(30);
    expect(validateProject({ ...base, slug: 'Bad Slug' }).errors.slug?.key).toBe('projects.errors.slug');
  });
});
