// Platform baseline: the no-op route against the public branding call and a signed-in profile read,
// 50 connections for 10 s each, on SQLite (default) or PostgreSQL (BENCH_DATABASE_URL).
//   npx tsx bench/platform.ts
import { printTable, runLoad } from './lib/load';
import { startServer } from './lib/server';

const databaseUrl = process.env.BENCH_DATABASE_URL;
const server = await startServer(databaseUrl ? { DATABASE_URL: databaseUrl } : {});
try {
  const signIn = await fetch(`${server.url}/api/authenticate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'demo@studio-gallery.test', password: 'Demo1234' }),
  });
  if (!signIn.ok) throw new Error(`demo sign-in failed: ${signIn.status}`);
  const { id_token: token } = (await signIn.json()) as { id_token: string };
  const userId = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).unique_name as string;
  const auth = { authorization: `Bearer ${token}` };

  console.log(`database: ${databaseUrl ? 'PostgreSQL' : 'SQLite'}; node ${process.version}`);
  const baseline = await runLoad({ title: 'GET /api/health (no-op baseline)', url: `${server.url}/api/health` });
  const results = [
    baseline,
    await runLoad({ title: 'GET /api/corporate-clients', url: `${server.url}/api/corporate-clients?baseUrl.equals=localhost` }),
    await runLoad({ title: 'GET /api/users/{id} (signed in)', url: `${server.url}/api/users/${userId}`, headers: auth }),
    await runLoad({ title: 'GET /api/NotificationSettings/{id}', url: `${server.url}/api/NotificationSettings/${userId}`, headers: auth }),
  ];
  printTable(results, baseline);
} finally {
  await server.stop();
}
