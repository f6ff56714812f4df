export * from './messages';
export * from './common';
export * from './validation';
export * from './auth';
export * from './user';
export * from './branding';
export * from './storage-keys';
