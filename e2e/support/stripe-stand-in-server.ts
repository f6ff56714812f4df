// The local stand-in of Stripe's HTTP API as a process, for the e2e server that runs in Stripe mode
// (playwright.config.ts starts it as a web server): `tsx e2e/support/stripe-stand-in-server.ts <port>`.
import { startStripeStandIn } from '../../apps/server/test/support/stripe-stand-in';

const port = Number(process.argv[2]);
if (!Number.isInteger(port) || port <= 0) throw new Error('usage: stripe-stand-in-server.ts <port>');
const standIn = await startStripeStandIn({ port });
process.stderr.write(`Stripe stand-in listening at ${standIn.url}\n`);
const stop = () => void standIn.close().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
