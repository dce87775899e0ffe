import type { FastifyPluginAsync } from 'fastify';
import adminAudit from './audit.ts';
import adminMessages from './messages.ts';
import adminPackages from './packages.ts';
import adminPrivacy from './privacy.ts';
import adminProjects from './projects.ts';
import adminProperties from './properties.ts';
import adminSettings from './settings.ts';
import adminUsers from './users.ts';
import adminVerifications from './verifications.ts';

/** The admin console's API (docs/api.md "Contact and admin"): admins only, 401 / 403 for everyone else. */
const admin: FastifyPluginAsync = async (app) => {
  // Before the routes register, so it covers every one of them (and runs before their input is checked).
  app.addHook('preHandler', app.requireAdmin);
  await app.register(adminProperties);
  await app.register(adminUsers);
  await app.register(adminPackages);
  await app.register(adminMessages);
  await app.register(adminAudit);
  await app.register(adminPrivacy);
  await app.register(adminSettings);
  await app.register(adminProjects);
  await app.register(adminVerifications);
};

export default admin;
