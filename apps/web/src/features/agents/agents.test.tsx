import { AGENT_MESSAGES, type AgentProfile, type PublicProfile } from '@baan/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n, { changeLanguage } from '../../i18n';
import { jsonResponse, stubFetch } from '../../test/http';
import { makeProperty } from '../../test/properties';
import { renderApp } from '../../test/render-app';
import { signedIn } from '../../test/users';

vi.setConfig({ testTimeout: 20_000 });

beforeEach(async () => {
  if (i18n.isInitialized && i18n.language !== 'en') await changeLanguage('en');
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const PROFILE: PublicProfile = {
  slug: null,
  public: 0,
  company_name: null,
  languages: [],
  areas: [],
  licence_number: null,
  licence_verified: 0,
  about: null,
};

const AGENT: AgentProfile = {
  slug: 'somchai-homes',
  name: 'Somchai Jaidee',
  company_name: 'Somchai Homes',
  profile_image: null,
  languages: ['th', 'en'],
  areas: ['Thonglor'],
  licence_number: 'BK-1',
  licence_verified: 0,
  phone_verified: 0,
  about: 'Condos in Thonglor.',
  member_since: '2024-03-01T00:00:00.000Z',
  listings_active: 1,
  closed_12m: 3,
  response_rate_pct: 92,
  median_response_minutes: 95,
  agency: null,
};

/** The settings page with the public profile stubbed; PATCH answers `patch` (the saved profile by default). */
function stubSettings(patch?: (body: Record<string, unknown>) => Response) {
  return stubFetch(async (request, url) => {
    if (url.pathname !== '/api/user/profile/public') return undefined;
    if (request.method === 'GET') return jsonResponse(200, { success: true, payload: PROFILE });
    const body = (await request.clone().json()) as Record<string, unknown>;
    if (patch) return patch(body);
    return jsonResponse(200, {
      success: true,
      message: AGENT_MESSAGES.saved,
      payload: { ...PROFILE, ...body, public: body.public ? 1 : 0 },
    });
  });
}

describe('settings: public profile', () => {
  it('has labelled fields and sends what the owner typed (areas one per line)', async () => {
    const user = userEvent.setup();
    const { bodies } = stubSettings();
    await renderApp('/dashboard/settings', { login: signedIn() });
    const section = await screen.findByRole('region', { name: 'Public profile' });
    const form = within(section);
    await user.click(form.getByLabelText('Publish my public page'));
    await user.type(form.getByLabelText('Page address'), 'somchai-homes');
    await user.type(form.getByLabelText('Company'), 'Somchai Homes');
    await user.click(form.getByLabelText('Thai'));
    await user.type(form.getByLabelText('Areas you serve'), 'Thonglor{Enter}Ekkamai');
    await user.type(form.getByLabelText('Licence number'), 'BK-1');
    await user.click(form.getByRole('button', { name: 'Save public profile' }));
    await screen.findByText('Your public profile is saved.');
    expect(bodies.at(-1)).toEqual({
      public: true,
      slug: 'somchai-homes',
      company_name: 'Somchai Homes',
      languages: ['th'],
      areas: ['Thonglor', 'Ekkamai'],
      licence_number: 'BK-1',
      about: '',
    });
    expect(await form.findByRole('link', { name: 'View my public page' })).toHaveAttribute(
      'href',
      '/agent/somchai-homes',
    );
  });

  it('refuses a bad address and publishing without one before sending, in Thai', async () => {
    const user = userEvent.setup();
    const { bodies } = stubSettings();
    await renderApp('/th/dashboard/settings', { login: signedIn() });
    const section = await screen.findByRole('region', { name: 'โปรไฟล์สาธารณะ' });
    const form = within(section);
    await user.click(form.getByLabelText('เผยแพร่หน้าสาธารณะของฉัน'));
    await user.click(form.getByRole('button', { name: 'บันทึกโปรไฟล์สาธารณะ' }));
    expect(await form.findByText('โปรดเลือกที่อยู่ของหน้าก่อนเผยแพร่')).toBeInTheDocument();
    await user.type(form.getByLabelText('ที่อยู่ของหน้า'), 'Bad Address');
    await user.click(form.getByRole('button', { name: 'บันทึกโปรไฟล์สาธารณะ' }));
    expect(
      await form.findByText('ที่อยู่ต้องเป็นอักษรภาษาอังกฤษตัวเล็ก (a–z) ตัวเลข และขีดกลางทีละตัว 3 ถึง 60 ตัว'),
    ).toBeInTheDocument();
    expect(form.getByLabelText('ที่อยู่ของหน้า')).toHaveAttribute('aria-invalid', 'true');
    expect(bodies).toEqual([]);
  });

  it('shows the server’s 409 on the address field in the person’s language', async () => {
    const user = userEvent.setup();
    stubSettings(() =>
      jsonResponse(409, {
        success: false,
        message: AGENT_MESSAGES.slugTaken,
        errors: { slug: [AGENT_MESSAGES.slugTaken] },
      }),
    );
    await renderApp('/th/dashboard/settings', { login: signedIn() });
    const form = within(await screen.findByRole('region', { name: 'โปรไฟล์สาธารณะ' }));
    await user.type(form.getByLabelText('ที่อยู่ของหน้า'), 'taken-address');
    await user.click(form.getByRole('button', { name: 'บันทึกโปรไฟล์สาธารณะ' }));
    expect(await form.findByText('มีโปรไฟล์อื่นใช้ที่อยู่นี้แล้ว โปรดเลือกที่อยู่อื่น')).toBeInTheDocument();
  });
});

/** The agent page's data over the stubbed API (its loader reads it through the page services). */
function stubAgent(agent: AgentProfile) {
  const listing = makeProperty(7, {
    title: 'Thonglor one-bed',
    agent: { slug: agent.slug, name: agent.name, profile_image: null, agency_slug: null },
  });
  return stubFetch((request, url) => {
    if (request.method !== 'GET') return undefined;
    if (url.pathname === `/api/agents/${agent.slug}`) return jsonResponse(200, { success: true, payload: agent });
    if (url.pathname === `/api/agents/${agent.slug}/listings`)
      return jsonResponse(200, { success: true, payload: { items: [listing], total: 1, page: 1, per_page: 12 } });
    return undefined;
  });
}

describe('/agent/{slug}', () => {
  it('shows the profile and figures; the licence is marked verified only once an admin checked it', async () => {
    stubAgent(AGENT);
    await renderApp('/agent/somchai-homes');
    expect(await screen.findByRole('heading', { level: 1, name: 'Somchai Jaidee' })).toBeInTheDocument();
    expect(screen.getByText('Thai, English')).toBeInTheDocument();
    expect(screen.getByText('BK-1')).toBeInTheDocument();
    expect(screen.queryByText('Verified')).toBeNull();
    expect(screen.getByText('(not verified yet)')).toBeInTheDocument();
    expect(screen.getByText('92%')).toBeInTheDocument();
    expect(screen.getByText('2 hours')).toBeInTheDocument();
    expect(screen.getByText('3')).toBeInTheDocument();
    // The card of its listing links back to the agent.
    const card = screen.getByRole('link', { name: 'Thonglor one-bed' }).closest('article') as HTMLElement;
    expect(within(card).getByRole('link', { name: 'Somchai Jaidee' })).toHaveAttribute('href', '/agent/somchai-homes');
  });

  it('marks a checked licence and says when there are too few inquiries', async () => {
    stubAgent({ ...AGENT, licence_verified: 1, response_rate_pct: null, median_response_minutes: null });
    await renderApp('/agent/somchai-homes');
    expect(await screen.findByText('Verified')).toBeInTheDocument();
    expect(screen.getAllByText('Not enough inquiries yet')).toHaveLength(2);
  });

  it('marks a number proved by SMS, and says nothing of an unproved one', async () => {
    stubAgent({ ...AGENT, phone_verified: 1 });
    await renderApp('/agent/somchai-homes');
    expect(await screen.findByText('Phone number verified')).toBeVisible();
  });

  it('shows no phone badge while the number is not verified', async () => {
    stubAgent({ ...AGENT, phone_verified: 0 });
    await renderApp('/agent/somchai-homes');
    await screen.findByRole('heading', { level: 1, name: 'Somchai Jaidee' });
    expect(screen.queryByText('Phone number verified')).toBeNull();
  });

  it('is a 404 page for a profile that is not there', async () => {
    stubFetch();
    await renderApp('/agent/nobody-here');
    await waitFor(() => expect(screen.queryByRole('heading', { level: 1, name: 'Somchai Jaidee' })).toBeNull());
    expect(await screen.findByRole('heading', { level: 1 })).not.toHaveTextContent('Somchai');
  });
});
