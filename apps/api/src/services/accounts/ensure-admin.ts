import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { DEMO_ADMIN } from '../../lib/demo-admin.ts';
import type { Passwords } from '../../lib/password.ts';

export { DEMO_ADMIN };

/**
 * Creates the admin account, or makes an existing account with that e-mail a verified admin with
 * that password. The hash is only replaced when the password changed, so sessions survive restarts.
 */
export async function ensureAdmin(
  db: Db,
  input: { email: string; password: string },
  opts: { passwords: Passwords; now: Date },
): Promise<'created' | 'updated' | 'unchanged'> {
  const email = input.email.trim().toLowerCase();
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(727002)`);
    const [existing] = await tx.select().from(users).where(eq(users.email, email)).limit(1);
    if (!existing) {
      await tx.insert(users).values({
        name: 'Administrator',
        email,
        passwordHash: await opts.passwords.hash(input.password),
        role: 'admin',
        emailVerifiedAt: opts.now,
      });
      return 'created';
    }
    const samePassword = await opts.passwords.verify(input.password, existing.passwordHash);
    if (samePassword && existing.role === 'admin' && existing.emailVerifiedAt && !existing.disabledAt)
      return 'unchanged';
    await tx
      .update(users)
      .set({
        role: 'admin',
        emailVerifiedAt: existing.emailVerifiedAt ?? opts.now,
        disabledAt: null,
        updatedAt: opts.now,
        ...(samePassword
          ? {}
          : {
              passwordHash: await opts.passwords.hash(input.password),
              sessionVersion: existing.sessionVersion + 1,
            }),
      })
      .where(eq(users.id, existing.id));
    return 'updated';
  });
}

/** Start-up: ADMIN_EMAIL + ADMIN_PASSWORD, or the demo admin when seeding demo data. */
export async function bootstrapAdmin(
  db: Db,
  log: FastifyBaseLogger,
  config: { adminEmail?: string; adminPassword?: string; seedDemo: boolean; isProduction: boolean },
  opts: { passwords: Passwords; now: Date },
): Promise<void> {
  if (config.adminEmail) {
    if (!config.adminPassword) {
      log.warn('ADMIN_EMAIL is set without ADMIN_PASSWORD: no admin account was created');
      return;
    }
    const result = await ensureAdmin(db, { email: config.adminEmail, password: config.adminPassword }, opts);
    log.info({ email: config.adminEmail, result }, 'admin account ready');
    return;
  }
  if (config.seedDemo && config.isProduction) {
    // The demo admin's password is printed in the README: never a way into a production site.
    log.warn('demo data without ADMIN_EMAIL: no admin account was created (the demo admin is off in production)');
    return;
  }
  if (config.seedDemo) {
    const result = await ensureAdmin(db, DEMO_ADMIN, opts);
    // Demo credentials are public on purpose (README); a real deployment sets ADMIN_EMAIL instead.
    log.info(
      { email: DEMO_ADMIN.email, demoPassword: DEMO_ADMIN.password, result },
      'demo admin account ready (set ADMIN_EMAIL and ADMIN_PASSWORD for a real one)',
    );
  }
}
