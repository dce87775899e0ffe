export * from './accounts.ts';
export * from './envelope.ts';
export * from './health.ts';
export * from './languages.ts';
export * from './locations.ts';
export * from './newsletter.ts';
export * from './payments.ts';
export * from './properties.ts';
