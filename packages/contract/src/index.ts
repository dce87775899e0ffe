export * from './accounts.ts';
export * from './create-property.ts';
export * from './envelope.ts';
export * from './health.ts';
export * from './languages.ts';
export * from './locations.ts';
export * from './newsletter.ts';
