import type { AdminVerification } from '@baan/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../../test/render-app';
import { signedIn } from '../../../test/users';
import { get, ok, stubFetch } from './fixtures';

vi.setConfig({ testTimeout: 30_000 });

const ADMIN = {
  login: signedIn({ id: 1, name: 'Ada Admin', email: 'admin@baan.example', role: 'admin' }, 'admin-token'),
};

const deed: AdminVerification = {
  id: 5,
  kind: 'listing',
  property_id: 42,
  user_id: 9,
  title_deed_number: '12345/678',
  document_url: '/api/admin/verifications/5/document',
  status: 'pending',
  reason: null,
  created_at: '2026-11-27T10:00:00.000Z',
};
const licence: AdminVerification = {
  id: 6,
  kind: 'licence',
  property_id: null,
  user_id: 9,
  licence_number: 'LIC-77',
  document_url: null,
  status: 'pending',
  reason: null,
  created_at: '2026-11-27T11:00:00.000Z',
};

const queue = get('/api/admin/verifications', () => ({ items: [deed, licence], total: 2 }));

describe('admin verifications', () => {
  it('lists title deed and licence checks with the document, and rejects with a reason', async () => {
    const bodies: unknown[] = [];
    stubFetch(queue, async (request, url) => {
      if (request.method !== 'POST') return undefined;
      bodies.push([url.pathname, await request.clone().json()]);
      return ok({ ...deed, status: 'rejected', reason: 'Blurry' }, 'Verification rejected.');
    });
    await renderApp('/admin/verifications', ADMIN);
    const table = await screen.findByRole('table', { name: 'Checks waiting for an admin' }, { timeout: 15_000 });
    expect(within(table).getByText('12345/678')).toBeInTheDocument();
    expect(within(table).getByText('LIC-77')).toBeInTheDocument();
    expect(within(table).getByRole('link', { name: 'Listing #42' })).toBeInTheDocument();
    expect(within(table).getAllByRole('button', { name: 'Open the document' })).toHaveLength(1);
    expect(within(table).getByText('No document')).toBeInTheDocument();

    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('button', { name: 'Reject 12345/678' }));
    const dialog = screen.getByRole('dialog', { name: 'Reject this check' });
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(bodies).toEqual([]);
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Blurry');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await screen.findByText('12345/678 rejected.')).toBeInTheDocument();
    expect(bodies).toEqual([['/api/admin/verifications/5/reject', { reason: 'Blurry' }]]);
  });

  it('shows the queue in Thai', async () => {
    stubFetch(queue);
    await renderApp('/th/admin/verifications', ADMIN);
    const table = await screen.findByRole('table', { name: 'รายการที่รอผู้ดูแลระบบตรวจสอบ' }, { timeout: 15_000 });
    expect(within(table).getByText('โฉนดที่ดิน')).toBeInTheDocument();
    expect(within(table).getByText('เลขใบอนุญาต')).toBeInTheDocument();
  });
});
