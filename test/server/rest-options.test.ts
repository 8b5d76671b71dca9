// OPTIONS that is no CORS preflight, as PostgREST 12.2 answers it behind Supabase's gateway (Kong
// answers only an OPTIONS with Origin and Access-Control-Request-Method, and passes the others on):
// 200 without a body, `Allow` naming what the resource takes (Response.hs, test/spec/Feature/OptionsSpec.hs).
import { afterAll, describe, expect, it } from 'vitest';
import { expectError, practice } from '../helpers/fixtures.js';
import { call, startTestServer } from '../helpers/server.js';

const SCHEMA = `
create view public.client_names with (security_invoker = true) as select id, name from public.clients;
create view public.client_count with (security_invoker = true) as select count(*) as total from public.clients;
create function public.count_clients() returns bigint language sql stable as $$ select count(*) from public.clients $$;
create function public.forget_clients() returns void language sql volatile as $$ delete from public.clients where false $$;
create function public.greet(name text) returns text language sql immutable as $$ select 'Hello, ' || name $$;
`;

const server = await startTestServer({ schemaSql: SCHEMA });
afterAll(() => server.close());

async function options(path: string, headers: Record<string, string> = {}) {
  const owner = await practice(server);
  return owner.request('OPTIONS', path, undefined, headers);
}

describe('OPTIONS', () => {
  it.each([
    ['/clients', 'OPTIONS,GET,HEAD,POST,PUT,PATCH,DELETE'],
    // A view takes what PostgreSQL can write through it; PUT needs a primary key.
    ['/client_names', 'OPTIONS,GET,HEAD,POST,PATCH,DELETE'],
    ['/client_count', 'OPTIONS,GET,HEAD'],
    ['/rpc/count_clients', 'OPTIONS,GET,HEAD,POST'],
    ['/rpc/forget_clients', 'OPTIONS,POST'],
    ['/', 'OPTIONS,GET,HEAD'],
  ])('%s: 200, Allow %s, no body', async (path, allow) => {
    const reply = await options(path);
    expect(reply.status).toBe(200);
    expect(reply.headers.get('allow')).toBe(allow);
    expect(reply.text).toBe('');
  });

  it('finds the function as a call without arguments would, as PostgREST: PGRST202 otherwise', async () => {
    expect(expectError(await options('/rpc/greet'), 404, 'PGRST202').message)
      .toBe('Could not find the function public.greet without parameters in the schema cache');
    expectError(await options('/rpc/nope'), 404, 'PGRST202');
    expectError(await options('/nope'), 404, 'PGRST205');
  });

  it('needs the apikey, as the gateway\'s key-auth runs on it', async () => {
    expect((await call(`${server.rest}/clients`, { method: 'OPTIONS' })).status).toBe(401);
  });

  it('with an Origin but no Access-Control-Request-Method is no preflight: Allow, and the origin named', async () => {
    const reply = await options('/clients', { origin: 'https://app.example.com' });
    expect(reply.headers.get('allow')).toBe('OPTIONS,GET,HEAD,POST,PUT,PATCH,DELETE');
    expect(reply.headers.get('access-control-allow-origin')).toBe('*');
  });

  it('a preflight is still the gateway\'s: no apikey needed, no Allow', async () => {
    const preflight = await call(`${server.rest}/clients`, {
      method: 'OPTIONS', headers: { origin: 'https://app.example.com', 'access-control-request-method': 'PATCH' },
    });
    expect(preflight.status).toBe(200);
    expect(preflight.headers.get('allow')).toBeNull();
    expect(preflight.headers.get('access-control-allow-methods')).toContain('PATCH');
    // Outside /rest/v1 every OPTIONS is answered so.
    expect((await call(`${server.auth}/token`, { method: 'OPTIONS' })).status).toBe(200);
  });
});
