import { type AdminProject, type AuditEntry, AuditPageResponse } from '@baan/contract';
import type { InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { auditLog } from '../src/db/schema.ts';
import { createUser, makeListing } from './fixtures.ts';
import { build } from './helpers.ts';

/** Admin project writes (ADR 028) are in the audit log like every other admin action, in their own transaction. */
const app = await build();
const admin = await createUser(app, { email: 'audit-admin@projects.test', role: 'admin' });
const owner = await createUser(app, { email: 'audit-owner@projects.test' });
const headers = { authorization: `Bearer ${admin.token}` };
const call = (token: string, method: string, url: string, payload?: unknown) =>
  app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${token}` },
    ...(payload ? { payload } : {}),
  } as InjectOptions);
const entries = async (): Promise<AuditEntry[]> =>
  AuditPageResponse.parse((await app.inject({ url: '/api/admin/audit?per_page=100', headers })).json()).payload.items;
const rowCount = async () => (await app.db.select().from(auditLog)).length;
const BASE = { lat: 13.7376, lon: 100.5604 };

describe('audit entries for project writes', () => {
  it('logs create, edit, approve, merge and delete with who did it and what', async () => {
    const created = await call(admin.token, 'POST', '/api/admin/projects', { name_en: 'Audit Tower', ...BASE });
    expect(created.statusCode, created.body).toBe(201);
    const tower = created.json().payload as AdminProject;
    const edited = await call(admin.token, 'PATCH', `/api/admin/projects/${tower.id}`, {
      name_th: 'ออดิท ทาวเวอร์',
      floors: 30,
    });
    expect(edited.statusCode, edited.body).toBe(200);

    const suggestedRes = await call(owner.token, 'POST', '/api/projects/suggest', {
      name_en: 'Audit Suggested',
      location: 'Asok, Watthana, Bangkok',
      ...BASE,
    });
    expect(suggestedRes.statusCode, suggestedRes.body).toBe(201);
    const suggested = suggestedRes.json().payload as AdminProject;
    // The suggestion is the owner's, not an admin action: no entry.
    expect((await entries()).some((e) => e.target_type === 'project' && e.target_id === suggested.id)).toBe(false);
    expect((await call(admin.token, 'POST', `/api/admin/projects/${suggested.id}/approve`)).statusCode).toBe(200);
    await makeListing(app, owner.id, { projectId: suggested.id });
    const merged = await call(admin.token, 'POST', `/api/admin/projects/${suggested.id}/merge`, { into_id: tower.id });
    expect(merged.statusCode, merged.body).toBe(200);
    expect((await call(admin.token, 'DELETE', `/api/admin/projects/${tower.id}`)).statusCode).toBe(200);

    const project = (await entries()).filter((e) => e.target_type === 'project').reverse();
    expect(project.map((e) => [e.action, e.target_id])).toEqual([
      ['project.create', tower.id],
      ['project.update', tower.id],
      ['project.approve', suggested.id],
      ['project.merge', suggested.id],
      ['project.delete', tower.id],
    ]);
    for (const e of project) expect(e).toMatchObject({ actor_id: admin.id, actor_email: admin.email });
    expect(project[0]?.details).toEqual({ name: 'Audit Tower', slug: tower.slug });
    expect(project[1]?.details).toEqual({ name: 'Audit Tower', fields: ['floors', 'name_th'] });
    expect(project[3]?.details).toEqual({
      name: 'Audit Suggested',
      into_id: tower.id,
      into: 'Audit Tower',
      listings: 1,
    });
    expect(project[4]?.details).toEqual({ name: 'Audit Tower', slug: tower.slug });
    // The console's filter finds them by action.
    const filtered = AuditPageResponse.parse(
      (await app.inject({ url: '/api/admin/audit?action=project.merge', headers })).json(),
    ).payload.items;
    expect(filtered.map((e) => e.target_id)).toEqual([suggested.id]);
  });

  it('writes no entry for a refused write', async () => {
    const created = await call(admin.token, 'POST', '/api/admin/projects', { name_en: 'Refusal Tower', ...BASE });
    const id = (created.json().payload as AdminProject).id;
    const before = await rowCount();
    expect((await call(admin.token, 'POST', `/api/admin/projects/${id}/merge`, { into_id: id })).statusCode).toBe(400);
    expect((await call(admin.token, 'POST', `/api/admin/projects/${id}/approve`)).statusCode).toBe(409);
    expect((await call(admin.token, 'DELETE', '/api/admin/projects/999999')).statusCode).toBe(404);
    expect((await call(admin.token, 'PATCH', `/api/admin/projects/${id}`, { name_en: '' })).statusCode).toBe(400);
    expect((await call(owner.token, 'DELETE', `/api/admin/projects/${id}`)).statusCode).toBe(403);
    expect(await rowCount()).toBe(before);
  });
});
