export const VERSION = process.env.npm_package_version || '0.1.0';
