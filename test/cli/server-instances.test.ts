// Several instances, one practice (DESIGN.md section 6): three `practice server start` processes on one
// PostgreSQL database and one Redis take mixed reads and writes round-robin; halfway one is killed
// with SIGKILL and its in-flight requests are retried on the others, as a load balancer would. Needs
// both servers: runs when PRACTICE_TEST_DATABASE_URL and REDIS_URL are set (CI sets both).
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signAccessToken } from '../../src/server/auth/tokens.js';
import { databaseUrl } from '../helpers/database-url.js';
import { type Foreground, startForeground } from '../helpers/foreground-server.js';

const LOAD_MS = 12_000;
const WORKERS = 6;
// The load's practices stay below the default limits (30 writes, 100 reads a minute each), so it
// meets no 429; the limits are checked by a practice of their own.
const PRACTICES = 300;
const WRITES_PER_PRACTICE = 25;
const READS_PER_PRACTICE = 90;
const READS_PER_MINUTE = 100;
// Of the load's 14,100 requests (200 writing practices x 25, 100 reading ones x 91).
const KILL_AFTER = 2_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Instance {
  index: number;
  server: Foreground;
  /** Requests sent to it since it was stopped (SIGSTOP): none of them can have been answered. */
  sentWhileStopped: number;
  stopped: boolean;
  killed: boolean;
}

interface Practice {
  id: string;
  headers: Record<string, string>;
  writes: number;
  reads: number;
  /** Writes the service acknowledged: `table/id`. */
  acknowledged: string[];
}

interface Reply {
  instance: number;
  status: number;
  body: any;
  /** 0 for the first try; more when the instances tried before were killed with it in flight. */
  attempt: number;
}

describe.runIf(process.env.PRACTICE_TEST_DATABASE_URL && process.env.REDIS_URL)('three instances on one PostgreSQL and one Redis', () => {
  const database = `practice_instances_${randomBytes(6).toString('hex')}`;
  const jwtSecret = randomBytes(32).toString('hex');
  const instances: Instance[] = [];
  const dataDirs: string[] = [];
  let admin: postgres.Sql;
  let anonKey = '';

  const practice = async (): Promise<Practice> => {
    const id = randomUUID();
    const { token } = await signAccessToken(jwtSecret, { sub: id });
    return { id, headers: { apikey: anonKey, authorization: `Bearer ${token}`, 'content-type': 'application/json' }, writes: 0, reads: 0, acknowledged: [] };
  };

  /** Sends to the instance `turn` picks among the live ones; a request the killed instance dropped goes to the next. */
  async function send(turn: number, path: string, init: RequestInit): Promise<Reply> {
    for (let attempt = 0; ; attempt++) {
      const live = instances.filter((instance) => !instance.killed);
      const instance = live[(turn + attempt) % live.length]!;
      if (instance.stopped) instance.sentWhileStopped++;
      try {
        const response = await fetch(`${instance.server.url}/rest/v1${path}`, init);
        const text = await response.text();
        return { instance: instance.index, status: response.status, body: text === '' ? null : JSON.parse(text), attempt };
      } catch (err) {
        if (!instance.killed) throw new Error(`instance ${instance.index}, alive, dropped ${init.method ?? 'GET'} ${path}: ${(err as Error).message}`);
      }
    }
  }

  beforeAll(async () => {
    admin = postgres(process.env.PRACTICE_TEST_DATABASE_URL!, { max: 1, onnotice: () => {} });
    await admin.unsafe(`create database ${database}`);
    const url = databaseUrl(process.env.PRACTICE_TEST_DATABASE_URL!, database);
    // One secret for all, so a token one instance accepts every instance accepts; default limits.
    const env = { ...process.env, PRACTICE_JWT_SECRET: jwtSecret, PRACTICE_READS_PER_MINUTE: String(READS_PER_MINUTE) };
    const start = async (index: number) => {
      const dataDir = await mkdtemp(join(tmpdir(), 'practice-instance-'));
      dataDirs.push(dataDir);
      instances.push({ index, server: await startForeground(['--data-dir', dataDir, '--database-url', url], env), sentWhileStopped: 0, stopped: false, killed: false });
    };
    // The first migrates the new database; the others find it migrated.
    await start(0);
    await Promise.all([start(1), start(2)]);
    instances.sort((a, b) => a.index - b.index);
    anonKey = instances[0]!.server.anonKey;
  });

  afterAll(async () => {
    for (const instance of instances.filter((i) => !i.killed)) {
      instance.server.child.kill('SIGTERM');
      await instance.server.exited;
    }
    await admin.unsafe(`drop database if exists ${database} with (force)`);
    await admin.end();
    await Promise.all(dataDirs.map((dir) => rm(dir, { recursive: true, force: true })));
  });

  it('refuses the 101st read of a minute on whichever instance gets it', async () => {
    const reader = await practice();
    for (let i = 0; i < READS_PER_MINUTE; i++) {
      const reply = await send(i, '/clients?select=id', { headers: reader.headers });
      expect(reply.status, `read ${i + 1} on instance ${reply.instance}`).toBe(200);
    }
    for (const instance of instances) {
      const refused = await fetch(`${instance.server.url}/rest/v1/clients?select=id`, { headers: reader.headers });
      expect(refused.status, `the 101st read on instance ${instance.index}`).toBe(429);
      expect(((await refused.json()) as { code: string }).code).toBe('over_request_rate_limit');
    }
  });

  it('keeps every acknowledged write exactly once and answers no 5xx when an instance is killed halfway', async () => {
    const practices = await Promise.all(Array.from({ length: PRACTICES }, practice));
    const limited = await practice();
    for (let i = 0; i < READS_PER_MINUTE; i++) await send(i, '/clients?select=id', { headers: limited.headers });
    const replies: Reply[] = [];
    const unexpected: string[] = [];
    let turn = 0;
    const started = Date.now();

    const write = async (owner: Practice, n: number) => {
      const id = randomUUID();
      const table = n % 2 === 0 ? 'clients' : 'expenses';
      const row = table === 'clients' ? { id, name: `Client ${n}` } : { id, date: '2026-11-24', amount: 12.5, category: 'supplies' };
      owner.writes++;
      const reply = await send(n, `/${table}`, { method: 'POST', headers: owner.headers, body: JSON.stringify(row) });
      replies.push(reply);
      // A retry of a create that the killed instance committed meets its own row: done already.
      const done = reply.status === 201 || (reply.attempt > 0 && reply.status === 409 && reply.body?.code === '23505');
      if (done) owner.acknowledged.push(`${table}/${id}`);
      else unexpected.push(`POST /${table} (try ${reply.attempt + 1}) on instance ${reply.instance}: ${reply.status} ${JSON.stringify(reply.body)}`);
    };

    // Reads back the practice's last acknowledged write, on whichever instance comes next.
    const read = async (owner: Practice, n: number) => {
      const [table, id] = owner.acknowledged.at(-1)!.split('/');
      owner.reads++;
      const reply = await send(n, `/${table}?select=id&id=eq.${id}`, { headers: owner.headers });
      replies.push(reply);
      if (reply.status !== 200 || JSON.stringify(reply.body) !== JSON.stringify([{ id }])) {
        unexpected.push(`GET /${table} of ${id} on instance ${reply.instance}: ${reply.status} ${JSON.stringify(reply.body)}`);
      }
    };

    // A turn's practice and kind repeat every PRACTICES turns: a worker that finds nothing left to
    // send in that many turns in a row stops (a fast machine may get there before LOAD_MS, and turns
    // that send nothing would hold the event loop).
    const worker = async () => {
      let idle = 0;
      while (Date.now() - started < LOAD_MS && idle <= PRACTICES) {
        const n = turn++;
        const owner = practices[n % PRACTICES]!;
        const writing = n % 3 !== 2 || owner.acknowledged.length === 0;
        if (writing ? owner.writes >= WRITES_PER_PRACTICE : owner.reads >= READS_PER_PRACTICE) {
          idle++;
          continue;
        }
        idle = 0;
        await (writing ? write(owner, n) : read(owner, n));
      }
    };

    // Halfway, instance 1 is killed. It is stopped first, until requests sent after the stop pile up
    // in it, so that the kill surely loses some in flight: a request merely counted as in flight at
    // the stop may have had its answer already on its way back.
    const victim = instances[1]!;
    // Halfway in time, or once KILL_AFTER replies are in, whichever comes first: far from the end of
    // the load either way, so requests still flow to the stopped instance.
    const killer = (async () => {
      while (Date.now() - started < LOAD_MS / 2 && replies.length < KILL_AFTER) await sleep(5);
      victim.stopped = true;
      victim.server.child.kill('SIGSTOP');
      while (victim.sentWhileStopped < 2) await sleep(5);
      victim.killed = true;
      victim.server.child.kill('SIGKILL');
      return { at: replies.length };
    })();
    await Promise.all(Array.from({ length: WORKERS }, worker));
    const kill = await killer;
    expect(await victim.server.exited).toBeNull();

    expect(unexpected).toEqual([]);
    expect(replies.filter((reply) => reply.status >= 500)).toEqual([]);
    // The load reached every instance before the kill, and the survivors after it.
    const before = replies.slice(0, kill.at);
    for (const instance of instances) expect(before.some((reply) => reply.instance === instance.index && reply.attempt === 0)).toBe(true);
    expect(replies.filter((reply) => reply.attempt > 0).length).toBeGreaterThan(0);

    // Every acknowledged write is in the database once, and nothing else is.
    const ids = new Map(practices.map((p) => [p.id, p] as const));
    const acknowledged = practices.flatMap((p) => p.acknowledged.map((w) => `${p.id}/${w}`)).sort();
    const db = postgres(databaseUrl(process.env.PRACTICE_TEST_DATABASE_URL!, database), { max: 1 });
    try {
      const stored = await db<{ row: string }[]>`
        select therapist_id || '/clients/' || id as row from public.clients where therapist_id = any(${[...ids.keys()]}::uuid[])
        union all
        select therapist_id || '/expenses/' || id from public.expenses where therapist_id = any(${[...ids.keys()]}::uuid[])`;
      expect(stored.map((r) => r.row).sort()).toEqual(acknowledged);
    } finally {
      await db.end();
    }
    expect(new Set(acknowledged).size).toBe(acknowledged.length);
    expect(acknowledged.length).toBeGreaterThan(2 * WORKERS);

    // The read limit's counter outlived the instance that counted part of it.
    for (const instance of instances.filter((i) => !i.killed)) {
      const refused = await fetch(`${instance.server.url}/rest/v1/clients?select=id`, { headers: limited.headers });
      expect(refused.status, `the 101st read on instance ${instance.index} after the kill`).toBe(429);
    }
  }, 90_000);
});
