/** The demo seed's admin when no ADMIN_EMAIL is configured (also in the README); production refuses its password. */
export const DEMO_ADMIN = { email: 'admin@baan.example', password: 'BaanAdmin#2026' } as const;
