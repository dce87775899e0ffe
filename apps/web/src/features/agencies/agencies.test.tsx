import { AGENCY_MESSAGES, type AgencyProfile, type MyAgency } from '@baan/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n, { changeLanguage } from '../../i18n';
import { jsonResponse, stubFetch } from '../../test/http';
import { makeProperty } from '../../test/properties';
import { renderApp } from '../../test/render-app';
import { signedIn } from '../../test/users';
import { agencyJsonLd } from './lib/agency-json-ld';
import { agencyMessageKey, invitationMessageKey, invitationToken } from './lib/agency-messages';

vi.setConfig({ testTimeout: 20_000 });

beforeEach(async () => {
  if (i18n.isInitialized && i18n.language !== 'en') await changeLanguage('en');
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const TOKEN = 'abcdefghijklmnopqrstuvwxyz0123456789_-ABCDE';

const AGENCY: AgencyProfile = {
  slug: 'siam-homes',
  name: 'Siam Homes',
  logo: null,
  about: 'Condos on Sukhumvit.',
  agents: [
    { slug: 'somchai-homes', name: 'Somchai Jaidee', profile_image: null, licence_verified: 1, listings_active: 4 },
  ],
  listings_active: 9,
};

const MINE: MyAgency = {
  agency: { slug: 'siam-homes', name: 'Siam Homes', role: 'admin', about: null },
  members: [
    {
      user_id: 1,
      name: 'Admin Ann',
      email: 'ann@example.test',
      role: 'admin',
      profile_slug: null,
      listings_count: 2,
      joined_at: '2026-01-01T00:00:00.000Z',
    },
    {
      user_id: 2,
      name: 'Agent Bee',
      email: 'bee@example.test',
      role: 'agent',
      profile_slug: 'bee',
      listings_count: 5,
      joined_at: '2026-02-01T00:00:00.000Z',
    },
  ],
  invitations: [
    {
      id: 3,
      email: 'new@example.test',
      role: 'agent',
      created_at: '2026-11-20T00:00:00.000Z',
      expires_at: '2026-11-27T00:00:00.000Z',
    },
  ],
};

const LISTING = {
  ...makeProperty(41, { title: 'Bee condo' }),
  inquiry_count: 1,
  review: 'approved',
  review_reasons: [],
  review_note: null,
  text_edit: null,
  member: { user_id: 2, name: 'Agent Bee' },
};
const LEAD = {
  id: 51,
  property_id: 41,
  property_title: 'Bee condo',
  name: 'Buyer Dee',
  email: 'dee@example.test',
  phone: null,
  message: 'Is it free?',
  language: 'en',
  created_at: '2026-11-20T00:00:00.000Z',
  status: 'new',
  note: null,
  responded_at: null,
  conversation_id: null,
  member: { user_id: 2, name: 'Agent Bee' },
};

describe('agency helpers', () => {
  it('reads the token after #token= only when it has the mailed form', () => {
    expect(invitationToken(`#token=${TOKEN}`)).toBe(TOKEN);
    expect(invitationToken(`token=${TOKEN}`)).toBe(TOKEN);
    expect(invitationToken('')).toBeNull();
    expect(invitationToken('#token=short')).toBeNull();
    expect(invitationToken('#token=<script>alert(1)</script>xxxxxxxxxxxx')).toBeNull();
    expect(invitationToken(`#token=${'a'.repeat(101)}`)).toBeNull();
  });

  it("names the API's messages by key and anything else as a failure", () => {
    expect(agencyMessageKey({ status: 400, message: AGENCY_MESSAGES.tokenInvalid })).toBe('messages.tokenInvalid');
    expect(agencyMessageKey(AGENCY_MESSAGES.alreadyMember)).toBe('messages.alreadyMember');
    expect(agencyMessageKey({ status: 500, message: 'Internal' })).toBe('messages.failed');
    expect(agencyMessageKey({ status: 429, message: 'Too many requests.' })).toBe('messages.failed');
    expect(invitationMessageKey({ status: 429, message: 'Too many requests.' })).toBe('messages.tooManyInvitations');
    expect(invitationMessageKey({ status: 409, message: AGENCY_MESSAGES.inviteeMember })).toBe(
      'messages.inviteeMember',
    );
    expect(agencyMessageKey(undefined)).toBe('messages.failed');
  });

  it('describes the agency as a RealEstateAgent with its agents as members, never an e-mail address', () => {
    const ld = agencyJsonLd({
      agency: { ...AGENCY, logo: '/uploads/logo.webp' },
      url: 'https://baan.example/agency/siam-homes',
      publicUrl: 'https://baan.example',
      agentUrl: (slug) => `https://baan.example/agent/${slug}`,
    });
    expect(ld).toMatchObject({
      '@type': 'RealEstateAgent',
      name: 'Siam Homes',
      logo: 'https://baan.example/uploads/logo.webp',
      description: 'Condos on Sukhumvit.',
      member: [{ '@type': 'RealEstateAgent', name: 'Somchai Jaidee', url: 'https://baan.example/agent/somchai-homes' }],
    });
    expect(JSON.stringify(ld)).not.toContain('@example');
  });
});

describe('/agency/{slug}', () => {
  it('shows the agency, its figures and links to its agents, in Thai under /th', async () => {
    stubFetch((request, url) =>
      request.method === 'GET' && url.pathname === '/api/agencies/siam-homes'
        ? jsonResponse(200, { success: true, payload: AGENCY })
        : undefined,
    );
    await renderApp('/th/agency/siam-homes');
    expect(await screen.findByRole('heading', { level: 1, name: 'Siam Homes' })).toBeInTheDocument();
    expect(screen.getByText('9')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Somchai Jaidee/ })).toHaveAttribute('href', '/th/agent/somchai-homes');
    expect(screen.getByText('ใบอนุญาตได้รับการยืนยันแล้ว')).toBeInTheDocument();
  });
});

describe('settings: agency', () => {
  function stubMine(mine: MyAgency, inviteLimited = false) {
    return stubFetch((request, url) => {
      if (url.pathname === '/api/user/agency') return jsonResponse(200, { success: true, payload: mine });
      if (request.method === 'POST' && url.pathname === '/api/agencies/siam-homes/invitations')
        return inviteLimited
          ? jsonResponse(429, { success: false, message: 'Too many requests. Please try again later.' })
          : jsonResponse(201, { success: true, message: AGENCY_MESSAGES.invited, payload: mine.invitations[0] });
      if (request.method === 'DELETE' && url.pathname === '/api/agencies/siam-homes/members/2')
        return jsonResponse(200, {
          success: true,
          message: AGENCY_MESSAGES.removed,
          payload: { user_id: 2, listings_moved: 5 },
        });
      if (request.method === 'POST' && url.pathname === '/api/agencies')
        return jsonResponse(409, { success: false, message: AGENCY_MESSAGES.alreadyMember });
      if (request.method === 'DELETE' && url.pathname === '/api/agencies/siam-homes/invitations/3')
        return jsonResponse(200, { success: true, message: AGENCY_MESSAGES.withdrawn, payload: { id: 3 } });
      if (request.method === 'PATCH' && url.pathname === '/api/agencies/siam-homes')
        return jsonResponse(200, {
          success: true,
          message: AGENCY_MESSAGES.saved,
          payload: { slug: 'siam-homes', name: 'Siam Homes' },
        });
      if (url.pathname === '/api/agencies/siam-homes/listings')
        return jsonResponse(200, { success: true, payload: { items: [LISTING] } });
      if (url.pathname === '/api/agencies/siam-homes/leads')
        return jsonResponse(200, { success: true, payload: { items: [LEAD], total: 1, page: 1, per_page: 50 } });
      if (request.method === 'POST' && /^\/api\/(property|user\/inquiries)\/\d+\/assign$/.test(url.pathname))
        return jsonResponse(200, { success: true, message: AGENCY_MESSAGES.assigned, payload: { id: 1, user_id: 1 } });
      return undefined;
    });
  }

  it('lets the admin invite by e-mail with a role, and remove a member only after confirming', async () => {
    const user = userEvent.setup();
    const { requests, bodies } = stubMine(MINE);
    await renderApp('/dashboard/settings', { login: signedIn() });
    const section = within(await screen.findByRole('region', { name: 'Agency' }));
    expect(await section.findByText('Agent Bee')).toBeInTheDocument();
    expect(section.getByText('new@example.test', { selector: '.font-medium' })).toBeInTheDocument();
    await user.click(section.getByRole('button', { name: /^Withdraw\s*new@example\.test$/ }));
    await screen.findByText('The invitation is withdrawn; its link no longer works.');
    expect(requests.filter((r) => r.method === 'DELETE').map((r) => new URL(r.url).pathname)).toEqual([
      '/api/agencies/siam-homes/invitations/3',
    ]);

    await user.type(section.getByLabelText('E-mail address'), 'not-an-address');
    await user.click(section.getByRole('button', { name: 'Send invitation' }));
    expect(await section.findByText('Please enter a valid e-mail address.')).toBeInTheDocument();
    await user.clear(section.getByLabelText('E-mail address'));
    await user.type(section.getByLabelText('E-mail address'), 'cee@example.test');
    await user.selectOptions(section.getByLabelText('Role'), 'admin');
    await user.click(section.getByRole('button', { name: 'Send invitation' }));
    await screen.findByText('The invitation is sent.');
    expect(bodies.at(-1)).toEqual({ email: 'cee@example.test', role: 'admin' });

    // The only admin has no Remove button; the agent has one, which asks first.
    expect(section.getAllByRole('button', { name: 'Remove' })).toHaveLength(1);
    await user.click(section.getByRole('button', { name: 'Remove' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Remove Agent Bee?' }));
    await user.click(dialog.getByRole('button', { name: 'Cancel' }));
    expect(requests.filter((r) => r.method === 'DELETE')).toHaveLength(1);
    await user.click(section.getByRole('button', { name: 'Remove' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Remove' }));
    await screen.findByText('The member is removed; their listings are now yours.');
    expect(requests.filter((r) => r.method === 'DELETE').map((r) => new URL(r.url).pathname)).toEqual([
      '/api/agencies/siam-homes/invitations/3',
      '/api/agencies/siam-homes/members/2',
    ]);
  });

  it("shows the members' listings and inquiries and moves one to another member", async () => {
    const user = userEvent.setup();
    const { bodies, posts } = stubMine(MINE);
    await renderApp('/dashboard/settings', { login: signedIn() });
    const section = within(await screen.findByRole('region', { name: 'Agency' }));
    expect(await section.findByRole('link', { name: 'Bee condo' })).toBeInTheDocument();
    expect(section.getByText('Buyer Dee', { exact: false })).toBeInTheDocument();
    const [listingMove, leadMove] = section.getAllByLabelText('Move to');
    // Only the other members are offered: the holder is not.
    expect(within(listingMove as HTMLElement).queryByRole('option', { name: 'Agent Bee' })).toBeNull();
    const moveButtons = section.getAllByRole('button', { name: 'Move' });
    expect(moveButtons[0]).toBeDisabled();
    await user.selectOptions(listingMove as HTMLElement, 'Admin Ann');
    await user.click(moveButtons[0] as HTMLElement);
    await screen.findByText('Moved.');
    await user.selectOptions(leadMove as HTMLElement, 'Admin Ann');
    await user.click(moveButtons[1] as HTMLElement);
    const assigns = posts()
      .map((r) => new URL(r.url).pathname)
      .filter((p) => p.endsWith('/assign'));
    await vi.waitFor(() => expect(posts().filter((r) => r.url.endsWith('/assign'))).toHaveLength(2));
    expect(assigns[0]).toBe('/api/property/41/assign');
    expect(posts().map((r) => new URL(r.url).pathname)).toContain('/api/user/inquiries/51/assign');
    expect(bodies.filter((b) => JSON.stringify(b).includes('user_id'))).toEqual([{ user_id: 1 }, { user_id: 1 }]);
  });

  it("lets the admin change the agency's name and about text, checking the name first", async () => {
    const user = userEvent.setup();
    const { bodies } = stubMine(MINE);
    await renderApp('/dashboard/settings', { login: signedIn() });
    const section = within(await screen.findByRole('region', { name: 'Agency' }));
    const name = await section.findByLabelText('Agency name');
    expect(name).toHaveValue('Siam Homes');
    await user.clear(name);
    await user.type(name, 'S');
    await user.click(section.getByRole('button', { name: 'Save' }));
    expect(await section.findByText("The agency's name must be 2 to 120 characters.")).toBeInTheDocument();
    expect(bodies).toEqual([]);
    await user.type(name, 'iam Homes Ltd');
    await user.type(section.getByLabelText('About the agency'), 'Condos in Bangkok.');
    await user.click(section.getByRole('button', { name: 'Save' }));
    await screen.findByText('The agency is saved.');
    expect(bodies).toEqual([{ name: 'Siam Homes Ltd', about: 'Condos in Bangkok.' }]);
  });

  it("says in Thai that an invitation's limit was reached, on the form", async () => {
    const user = userEvent.setup();
    stubMine(MINE, true);
    await renderApp('/th/dashboard/settings', { login: signedIn() });
    const section = within(await screen.findByRole('region', { name: 'บริษัทนายหน้า' }));
    await user.type(await section.findByLabelText('อีเมล'), 'cee@example.test');
    await user.click(section.getByRole('button', { name: 'ส่งคำเชิญ' }));
    expect(
      await section.findByText('มีการส่งคำเชิญไปยังอีเมลนี้หรือจากเครือข่ายของคุณมากเกินไป กรุณาลองอีกครั้งในวันพรุ่งนี้'),
    ).toBeInTheDocument();
  });

  it('offers to create one when the account has none, and says why the server refused, in Thai', async () => {
    const user = userEvent.setup();
    stubMine({ agency: null, members: [], invitations: [] });
    await renderApp('/th/dashboard/settings', { login: signedIn() });
    const section = within(await screen.findByRole('region', { name: 'บริษัทนายหน้า' }));
    await user.type(await section.findByLabelText('ชื่อบริษัทนายหน้า'), 'Siam Homes');
    await user.click(section.getByRole('button', { name: 'สร้างบริษัทนายหน้า' }));
    expect(
      await section.findByText('คุณเป็นสมาชิกของบริษัทนายหน้าอยู่แล้ว กรุณาออกก่อนเข้าร่วมหรือสร้างบริษัทนายหน้าอื่น'),
    ).toBeInTheDocument();
  });
});

describe('/dashboard/agency/join', () => {
  it('accepts the mailed token once and shows the agency joined', async () => {
    const { bodies } = stubFetch((request, url) =>
      request.method === 'POST' && url.pathname === '/api/agencies/invitations/accept'
        ? jsonResponse(200, {
            success: true,
            message: AGENCY_MESSAGES.joined,
            payload: { slug: 'siam-homes', name: 'Siam Homes' },
          })
        : undefined,
    );
    await renderApp({ pathname: '/dashboard/agency/join', hash: `#token=${TOKEN}` }, { login: signedIn() });
    expect(await screen.findByText('You are now a member of Siam Homes.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: "Open the agency's page" })).toHaveAttribute('href', '/agency/siam-homes');
    expect(bodies).toEqual([{ token: TOKEN }]);
  });

  it('says in Thai that a used or expired link does not work, and sends nothing without a token', async () => {
    stubFetch((request, url) =>
      request.method === 'POST' && url.pathname === '/api/agencies/invitations/accept'
        ? jsonResponse(400, { success: false, message: AGENCY_MESSAGES.tokenInvalid })
        : undefined,
    );
    await renderApp({ pathname: '/th/dashboard/agency/join', hash: `#token=${TOKEN}` }, { login: signedIn() });
    expect(
      await screen.findByText('ลิงก์คำเชิญนี้ไม่ถูกต้อง ถูกใช้ไปแล้ว หรือหมดอายุแล้ว กรุณาขอคำเชิญใหม่จากบริษัทนายหน้า'),
    ).toBeInTheDocument();
  });

  it('asks for the mailed link when the address has no token', async () => {
    const { posts } = stubFetch();
    await renderApp('/dashboard/agency/join', { login: signedIn() });
    expect(
      await screen.findByText('This page needs the link from the invitation e-mail. Please open that link again.'),
    ).toBeInTheDocument();
    expect(posts()).toHaveLength(0);
  });
});
