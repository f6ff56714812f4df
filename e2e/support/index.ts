export { expectNoSeriousA11yViolations, type A11yOptions } from './a11y';
export { baseURL, dataDir, demoCustomer, uniqueEmail, artifactsDir, stripeServer } from './env';
export { extractLinks, findLink, readMail, type Mail, type ReadMailOptions } from './mail';
export { snap } from './snap';
