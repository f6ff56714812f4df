export { expectNoSeriousA11yViolations, type A11yOptions } from './a11y';
export { baseURL, dataDir, demoCustomer, uniqueEmail, artifactsDir, stripeServer } from './env';
export { extractLinks, findAttachment, findLink, readMail, type Mail, type MailAttachment, type ReadMailOptions } from './mail';
export { snap } from './snap';
