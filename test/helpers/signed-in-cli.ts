// A CLI test file's usual setting: a test server of its own and a CLI home signed in to it, closed
// after the file; with recorded requests, the record starts empty for each test.
import { afterAll, beforeEach } from 'vitest';
import { signedInHome } from './cli.js';
import { startTestServer, type TestServer, type TestServerOptions } from './server.js';

export type SignedInHome = Awaited<ReturnType<typeof signedInHome>>;

export interface SignedInCli {
  server: TestServer;
  home: SignedInHome;
  /** The signed-in therapist's user id. */
  me: string;
}

/** Call at the top level of a test file. */
export async function signedInCli(options: TestServerOptions = {}): Promise<SignedInCli> {
  const server = await startTestServer(options);
  const home = await signedInHome(server.url, server.keys.anonKey);
  const me = (await home.readConfig()).profiles.test.session.user.id as string;
  afterAll(async () => {
    await home.cleanup();
    await server.close();
  });
  if (options.recordRequests) beforeEach(() => void (server.received.length = 0));
  return { server, home, me };
}

/** A row created through `practice api` (which the api noun's own tests cover), as stored. */
export async function createWithApi(home: SignedInHome, table: string, fields: Record<string, string | number>): Promise<Record<string, any>> {
  const flags = Object.entries(fields).flatMap(([key, value]) => [typeof value === 'number' ? '-F' : '-f', `${key}=${value}`]);
  const result = await home.run(['api', 'POST', table, ...flags, '-H', 'Prefer: return=representation']);
  if (result.code !== 0) throw new Error(result.stderr);
  return JSON.parse(result.stdout)[0];
}
