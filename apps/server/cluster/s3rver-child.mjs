// The cluster test's S3 server, in a process of its own so the fault campaign can stop and restart it
// (apps/server/cluster/harness.ts). s3rver 3.7.1 (docs/operations.md says what it does not cover).
//
//   node s3rver-child.mjs <port> <directory> <bucket>
//
// Prints "ready" on stdout once it listens; objects live as files under <directory>, so a restart on
// the same directory serves the same bucket.
import S3rver from 's3rver';

const [port, directory, bucket] = process.argv.slice(2);
if (!port || !directory || !bucket) {
  console.error('usage: node s3rver-child.mjs <port> <directory> <bucket>');
  process.exit(2);
}

const server = new S3rver({ port: Number(port), address: '127.0.0.1', silent: true, directory, configureBuckets: [{ name: bucket }] });
await server.run();
process.stdout.write('ready\n');
for (const signal of ['SIGTERM', 'SIGINT']) process.once(signal, () => server.close().finally(() => process.exit(0)));
