/**
 * The production shape on one machine, for `npm run test:cluster` and its fault campaign: a private
 * PostgreSQL cluster, an S3 server (s3rver, its own process), N instances of the server bundle
 * (apps/server/dist/server.js, as `npm start` runs it) and nginx round-robin in front. Every process
 * is a child of this one; stop() ends them and removes the temporary folder.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../test/support/free-port';

export const clusterDir = path.dirname(fileURLToPath(import.meta.url));
export const repoRoot = path.resolve(clusterDir, '..', '..', '..');
export const serverBundle = path.join(repoRoot, 'apps', 'server', 'dist', 'server.js');

export const BUCKET = 'gallery-cluster';

export function log(message: string): void {
  console.log(`[cluster ${new Date().toISOString().slice(11, 19)}] ${message}`);
}

/**
 * How long nginx leaves out an instance that refused a connection (`fail_timeout`). A rolling restart
 * waits this long after an instance is ready again before stopping the next one: otherwise, with fast
 * restarts, every instance can be left out at once and nginx answers 502 "no live upstreams".
 */
export const PROXY_FAIL_TIMEOUT_SECONDS = 5;

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function portAnswers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(1000, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

async function waitFor(what: string, check: () => Promise<boolean>, timeoutMs: number, child?: ChildProcess): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child && child.exitCode !== null) throw new Error(`${what}: the process exited (${child.exitCode})`);
    if (await check()) return;
    await sleep(200);
  }
  throw new Error(`${what}: not ready after ${timeoutMs / 1000} s`);
}

function tail(file: string, lines = 40): string {
  try {
    return fs.readFileSync(file, 'utf8').split('\n').slice(-lines).join('\n');
  } catch {
    return '(no log)';
  }
}

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;

// --- PostgreSQL -------------------------------------------------------------------------------------

/** PostgreSQL's binaries of the newest version installed the Debian way (/usr/lib/postgresql/<v>/bin). */
export function postgresBinDir(): string | null {
  const base = '/usr/lib/postgresql';
  let versions: string[];
  try {
    versions = fs.readdirSync(base).filter((v) => fs.existsSync(path.join(base, v, 'bin', 'initdb')));
  } catch {
    return null;
  }
  const newest = versions.sort((a, b) => Number(b) - Number(a))[0];
  return newest ? path.join(base, newest, 'bin') : null;
}

/**
 * A throwaway PostgreSQL cluster of this run (initdb into a temporary folder, trust auth, on a free
 * port of 127.0.0.1), so the campaign may stop and start it without touching the machine's own. As root
 * it runs as the `postgres` user (initdb refuses root).
 */
export class PrivatePostgres {
  readonly url: string;
  private readonly data: string;
  private readonly logFile: string;

  private constructor(
    private readonly bin: string,
    readonly dir: string,
    readonly port: number,
  ) {
    this.data = path.join(dir, 'data');
    this.logFile = path.join(dir, 'postgres.log');
    this.url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  }

  static async create(parent: string): Promise<PrivatePostgres> {
    const bin = postgresBinDir();
    if (!bin) throw new Error('PostgreSQL is not installed (/usr/lib/postgresql/<version>/bin/initdb)');
    const dir = path.join(parent, 'postgres');
    fs.mkdirSync(dir, { recursive: true });
    if (isRoot) {
      // The temporary folder is root's (0700): postgres must reach its own folder inside it.
      fs.chmodSync(parent, 0o755);
      spawnSync('chown', ['-R', 'postgres:postgres', dir]);
    }
    const pg = new PrivatePostgres(bin, dir, await freePort());
    pg.run('initdb', ['-D', pg.data, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--no-sync', '--no-instructions']);
    return pg;
  }

  private run(tool: string, args: string[]): void {
    const [cmd, argv] = isRoot ? ['runuser', ['-u', 'postgres', '--', path.join(this.bin, tool), ...args]] : [path.join(this.bin, tool), args];
    const result = spawnSync(cmd, argv, { encoding: 'utf8' });
    if (result.status !== 0) throw new Error(`${tool} failed (${result.status}): ${result.stderr || result.stdout}`);
  }

  /** Starts the server and waits until it accepts connections. */
  start(): void {
    const options = [
      `-p ${this.port}`,
      `-k ${this.dir}`,
      "-c listen_addresses='127.0.0.1'",
      '-c max_connections=200',
      '-c fsync=off',
      '-c synchronous_commit=off',
      '-c full_page_writes=off',
    ].join(' ');
    this.run('pg_ctl', ['-D', this.data, '-l', this.logFile, '-o', options, '-w', '-t', '30', 'start']);
  }

  /** Stops it: `fast` ends connections (clients see 57P01), `immediate` is a crash of the server. */
  stop(mode: 'fast' | 'immediate' = 'fast'): void {
    this.run('pg_ctl', ['-D', this.data, '-m', mode, '-w', '-t', '30', 'stop']);
  }

  isRunning(): boolean {
    const cmd = path.join(this.bin, 'pg_ctl');
    const result = isRoot ? spawnSync('runuser', ['-u', 'postgres', '--', cmd, '-D', this.data, 'status']) : spawnSync(cmd, ['-D', this.data, 'status']);
    return result.status === 0;
  }

  logTail(): string {
    return tail(this.logFile);
  }
}

// --- S3 server --------------------------------------------------------------------------------------

/** s3rver in a child process: stop() and start() again on the same port and folder. */
export class S3Server {
  readonly endpoint: string;
  private child: ChildProcess | null = null;

  private constructor(
    readonly dir: string,
    readonly port: number,
  ) {
    this.endpoint = `http://127.0.0.1:${port}`;
  }

  static async create(parent: string): Promise<S3Server> {
    const dir = path.join(parent, 's3');
    fs.mkdirSync(dir, { recursive: true });
    return new S3Server(dir, await freePort());
  }

  async start(): Promise<void> {
    const child = spawn(process.execPath, [path.join(clusterDir, 's3rver-child.mjs'), String(this.port), this.dir, BUCKET], {
      cwd: repoRoot,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    this.child = child;
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('s3rver did not start in 20 s')), 20_000);
      child.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`s3rver exited (${code})`));
      });
      child.stdout!.on('data', (chunk: Buffer) => {
        if (chunk.toString().includes('ready')) {
          clearTimeout(timer);
          resolve();
        }
      });
    });
  }

  /** SIGKILL: the store vanishes mid-request, as a crashed or unreachable one would. */
  async stop(): Promise<void> {
    const child = this.child;
    this.child = null;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
  }

  /** Environment of an instance that stores its files here. */
  env(): Record<string, string> {
    return {
      STORAGE: 's3',
      S3_BUCKET: BUCKET,
      S3_REGION: 'us-east-1',
      S3_ENDPOINT: this.endpoint,
      S3_FORCE_PATH_STYLE: 'on',
      AWS_ACCESS_KEY_ID: 'S3RVER',
      AWS_SECRET_ACCESS_KEY: 'S3RVER',
    };
  }
}

// --- instances --------------------------------------------------------------------------------------

export class Instance {
  readonly url: string;
  readonly logFile: string;
  child: ChildProcess | null = null;
  /** Times this instance was started (1 after the first start). */
  starts = 0;
  /** Added to the environment of every later start (the campaign's Stripe keys). */
  persistentEnv: Record<string, string> = {};

  constructor(
    readonly id: string,
    readonly port: number,
    readonly dataDir: string,
    /** The environment every instance shares (the campaign reads its database and store settings). */
    readonly baseEnv: Record<string, string>,
    logDir: string,
  ) {
    this.url = `http://127.0.0.1:${port}`;
    this.logFile = path.join(logDir, `instance-${id}.log`);
  }

  get pid(): number | undefined {
    return this.child?.pid;
  }

  get running(): boolean {
    return this.child !== null && this.child.exitCode === null && this.child.signalCode === null;
  }

  /** Starts the bundle (as `npm start` runs it); `extraEnv` for this start only (e.g. CRASH_AT). */
  start(extraEnv: Record<string, string> = {}): void {
    if (this.running) throw new Error(`instance ${this.id} is already running`);
    fs.mkdirSync(this.dataDir, { recursive: true });
    const out = fs.openSync(this.logFile, 'a');
    fs.writeSync(out, `\n===== start ${this.starts + 1} at ${new Date().toISOString()} ${JSON.stringify(extraEnv)}\n`);
    this.child = spawn(process.execPath, ['--enable-source-maps', serverBundle], {
      cwd: repoRoot,
      env: { ...cleanEnv(), ...this.baseEnv, PORT: String(this.port), DATA_DIR: this.dataDir, INSTANCE_ID: this.id, ...this.persistentEnv, ...extraEnv },
      stdio: ['ignore', out, out],
    });
    fs.closeSync(out);
    this.starts += 1;
  }

  /** Waits until /api/health answers (the server listens once migrated and seeded). */
  async waitReady(timeoutMs = 120_000): Promise<void> {
    const child = this.child;
    try {
      await waitFor(
        `instance ${this.id}`,
        async () => {
          try {
            const response = await fetch(`${this.url}/api/health`, { signal: AbortSignal.timeout(2000) });
            return response.status === 200;
          } catch {
            return false;
          }
        },
        timeoutMs,
        child ?? undefined,
      );
    } catch (error) {
      throw new Error(`${(error as Error).message}\n--- ${this.logFile} (tail)\n${tail(this.logFile)}`, { cause: error });
    }
  }

  /** Whether the process has exited (or does within `ms`): a crash point (CRASH_AT) kills it from inside. */
  async exited(ms = 5000): Promise<boolean> {
    const child = this.child;
    if (!child || !this.running) return true;
    return new Promise((resolve) => {
      const timer = setTimeout(() => resolve(false), ms);
      child.once('exit', () => {
        clearTimeout(timer);
        resolve(true);
      });
    });
  }

  /** kill -9. */
  async kill(): Promise<void> {
    await this.signal('SIGKILL');
  }

  /** SIGTERM: the graceful close (in-flight requests finish, jobs stop), then waits for the exit. */
  async terminate(): Promise<void> {
    await this.signal('SIGTERM');
  }

  private async signal(signal: NodeJS.Signals): Promise<void> {
    const child = this.child;
    if (!child || !this.running) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill(signal);
    await exited;
  }

  /** CPU seconds (user + system) used so far, from /proc (Linux). */
  cpuSeconds(): number {
    if (!this.pid) return 0;
    try {
      const stat = fs.readFileSync(`/proc/${this.pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      return (Number(fields[11]) + Number(fields[12])) / 100;
    } catch {
      return 0;
    }
  }

  logTail(lines = 40): string {
    return tail(this.logFile, lines);
  }
}

/** The caller's environment without anything that would point an instance elsewhere. */
function cleanEnv(): Record<string, string> {
  const env: Record<string, string> = {};
  const drop = /^(DATABASE_URL|DATABASE_SCHEMA|SMTP_URL|STORAGE|S3_|AWS_|STRIPE_|JWT_SECRET|PUBLIC_URL|DATA_DIR|PORT|HOST|DEMO_DATA|CRASH_AT|JOBS?_|INSTANCE_ID|TRUST_PROXY|WEB_DIST|NODE_ENV)/;
  for (const [key, value] of Object.entries(process.env)) if (value !== undefined && !drop.test(key)) env[key] = value;
  return env;
}

// --- nginx ------------------------------------------------------------------------------------------

export class Nginx {
  readonly url: string;
  private child: ChildProcess | null = null;

  private constructor(
    readonly prefix: string,
    readonly port: number,
  ) {
    this.url = `http://127.0.0.1:${port}`;
  }

  static async create(parent: string, port: number, upstreamPorts: number[]): Promise<Nginx> {
    const prefix = path.join(parent, 'nginx');
    fs.mkdirSync(prefix, { recursive: true });
    const template = fs.readFileSync(path.join(clusterDir, 'nginx.conf.template'), 'utf8');
    const conf = template
      .replaceAll('{{PREFIX}}', prefix)
      .replaceAll('{{PORT}}', String(port))
      // As root, nginx's workers would switch to `nobody`, who cannot write this run's folder.
      .replaceAll('{{USER}}', isRoot ? 'user root;' : '')
      .replaceAll('{{SERVERS}}', upstreamPorts.map((p) => `    server 127.0.0.1:${p} max_fails=1 fail_timeout=${PROXY_FAIL_TIMEOUT_SECONDS}s;`).join('\n'));
    fs.writeFileSync(path.join(prefix, 'nginx.conf'), conf);
    return new Nginx(prefix, port);
  }

  async start(): Promise<void> {
    const bin = findNginx();
    const conf = path.join(this.prefix, 'nginx.conf');
    const test = spawnSync(bin, ['-t', '-q', '-p', this.prefix, '-c', conf], { encoding: 'utf8' });
    if (test.status !== 0) throw new Error(`nginx -t: ${test.stderr}`);
    this.child = spawn(bin, ['-p', this.prefix, '-c', conf], { stdio: ['ignore', 'ignore', 'inherit'] });
    await waitFor('nginx', () => portAnswers(this.port), 10_000, this.child);
  }

  async stop(): Promise<void> {
    const child = this.child;
    this.child = null;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM'); // nginx: fast shutdown of the master and its workers
    await exited;
  }

  accessLog(): string {
    try {
      return fs.readFileSync(path.join(this.prefix, 'access.log'), 'utf8');
    } catch {
      return '';
    }
  }
}

export function findNginx(): string {
  for (const candidate of ['/usr/sbin/nginx', '/usr/bin/nginx', '/usr/local/sbin/nginx']) if (fs.existsSync(candidate)) return candidate;
  throw new Error('nginx is not installed (Debian: apt-get install nginx-light); .ci/run installs it as root');
}

// --- the whole cluster -------------------------------------------------------------------------------

export interface ClusterOptions {
  instances?: number;
  /** 's3': every instance on the S3 server with its own DATA_DIR; 'disk': one shared DATA_DIR (before S3 existed). */
  storage: 's3' | 'disk';
  /** Added to every instance's environment. */
  env?: Record<string, string>;
  keep?: boolean;
}

export class Cluster {
  instances: Instance[] = [];
  pg!: PrivatePostgres;
  s3: S3Server | null = null;
  proxy!: Nginx;
  readonly jwtSecret = randomBytes(32).toString('hex');
  private stopped = false;

  private constructor(
    readonly dir: string,
    readonly options: ClusterOptions,
  ) {}

  get url(): string {
    return this.proxy.url;
  }

  get databaseUrl(): string {
    return this.pg.url;
  }

  static async start(options: ClusterOptions): Promise<Cluster> {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sg-cluster-'));
    const cluster = new Cluster(dir, options);
    const stopOnSignal = () => void cluster.stop().finally(() => process.exit(130));
    process.once('SIGINT', stopOnSignal);
    process.once('SIGTERM', stopOnSignal);
    try {
      await cluster.boot();
    } catch (error) {
      await cluster.stop();
      throw error;
    }
    return cluster;
  }

  private async boot(): Promise<void> {
    const count = this.options.instances ?? 3;
    let t = Date.now();
    this.pg = await PrivatePostgres.create(this.dir);
    this.pg.start();
    log(`PostgreSQL ${path.basename(path.dirname(postgresBinDir()!))} (private cluster) on 127.0.0.1:${this.pg.port} in ${Date.now() - t} ms`);

    if (this.options.storage === 's3') {
      t = Date.now();
      this.s3 = await S3Server.create(this.dir);
      await this.s3.start();
      log(`s3rver on ${this.s3.endpoint}, bucket ${BUCKET}, in ${Date.now() - t} ms`);
    }

    const proxyPort = await freePort();
    const ports: number[] = [];
    for (let i = 0; i < count; i++) ports.push(await freePort());
    const sharedDataDir = path.join(this.dir, 'data-shared');
    const env: Record<string, string> = {
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${proxyPort}`,
      DATABASE_URL: this.pg.url,
      JWT_SECRET: this.jwtSecret,
      // nginx on this machine: the client's address comes from X-Forwarded-For (the budgets count per address).
      TRUST_PROXY: '127.0.0.1',
      DEMO_DATA: 'on',
      LOG_LEVEL: 'info',
      // Appointment reminders and the like every few minutes: not during a 4-minute test.
      APPOINTMENT_REMINDER_MINUTES: '0',
      ...(this.s3 ? this.s3.env() : {}),
      ...this.options.env,
    };
    const ids = 'abcdefghij';
    this.instances = ports.map(
      (port, i) => new Instance(ids[i] ?? String(i), port, this.s3 ? path.join(this.dir, `data-${ids[i]}`) : sharedDataDir, env, this.dir),
    );

    // The first instance migrates the fresh database and seeds the demo studio; the others then start
    // together (a rolling start, as a deployment would first run the migrations once).
    t = Date.now();
    const [first, ...rest] = this.instances;
    first!.start();
    await first!.waitReady(180_000);
    log(`instance ${first!.id} on :${first!.port}: migrated and seeded the demo studio in ${((Date.now() - t) / 1000).toFixed(1)} s`);
    t = Date.now();
    for (const instance of rest) instance.start();
    await Promise.all(rest.map((instance) => instance.waitReady()));
    log(`instances ${rest.map((i) => `${i.id} on :${i.port}`).join(', ')} ready in ${((Date.now() - t) / 1000).toFixed(1)} s`);

    this.proxy = await Nginx.create(this.dir, proxyPort, ports);
    await this.proxy.start();
    log(`nginx round robin on ${this.proxy.url} (config ${path.join(this.proxy.prefix, 'nginx.conf')})`);
  }

  instance(id: string): Instance {
    const found = this.instances.find((i) => i.id === id);
    if (!found) throw new Error(`no instance ${id}`);
    return found;
  }

  /** Requests per instance in nginx's access log whose request line matches `filter` (tus answers carry no x-instance). */
  upstreamCounts(filter: RegExp): Record<string, number> {
    const counts: Record<string, number> = {};
    for (const line of this.proxy.accessLog().split('\n')) {
      if (!filter.test(line)) continue;
      const port = /upstream=127\.0\.0\.1:(\d+)/.exec(line)?.[1];
      const id = this.instances.find((i) => String(i.port) === port)?.id ?? 'none';
      counts[id] = (counts[id] ?? 0) + 1;
    }
    return counts;
  }

  /** The files under every instance's DATA_DIR (relative paths), to prove an S3 instance keeps none. */
  filesOnInstanceDisks(): Record<string, string[]> {
    const out: Record<string, string[]> = {};
    for (const instance of this.instances) out[instance.id] = listFiles(instance.dataDir);
    return out;
  }

  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    await this.proxy?.stop().catch(() => undefined);
    await Promise.all(this.instances.map((i) => i.kill().catch(() => undefined)));
    await this.s3?.stop().catch(() => undefined);
    try {
      if (this.pg?.isRunning()) this.pg.stop('immediate');
    } catch {
      // already down
    }
    if (this.options.keep) log(`kept ${this.dir}`);
    else fs.rmSync(this.dir, { recursive: true, force: true });
  }
}

export function listFiles(dir: string, prefix = ''): string[] {
  let entries: fs.Dirent[];
  try {
    entries = fs.readdirSync(path.join(dir, prefix), { withFileTypes: true });
  } catch {
    return [];
  }
  const out: string[] = [];
  for (const entry of entries) {
    const relative = path.join(prefix, entry.name);
    if (entry.isDirectory()) out.push(...listFiles(dir, relative));
    else out.push(relative);
  }
  return out;
}
