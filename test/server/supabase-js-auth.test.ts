// supabase-js (the client the web app and integrations use) against the service's /auth/v1: sign
// up, updateUser (password, data, the same password refused), getUser, the session's claims.
import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, describe, expect, it } from 'vitest';
import { startTestServer } from '../helpers/server.js';
import { supabaseClient } from '../helpers/supabase.js';

const server = await startTestServer();
afterAll(() => server.close());

const client = () => supabaseClient(server);

async function signedUp(): Promise<{ supabase: SupabaseClient; email: string }> {
  const supabase = client();
  const email = `${randomUUID()}@example.com`;
  const { data, error } = await supabase.auth.signUp({ email, password: 'first password', options: { data: { name: 'Ann' } } });
  expect(error).toBeNull();
  expect(data.session).not.toBeNull();
  return { supabase, email };
}

describe('supabase-js auth', () => {
  it('signs up with data, reads the user with its email identity, and the token claims carry the metadata', async () => {
    const { supabase, email } = await signedUp();
    const { data, error } = await supabase.auth.getUser();
    expect(error).toBeNull();
    expect(data.user).toMatchObject({ email, user_metadata: { name: 'Ann' }, app_metadata: { provider: 'email', providers: ['email'] } });
    expect(data.user!.identities).toEqual([expect.objectContaining({ provider: 'email', user_id: data.user!.id, identity_data: expect.objectContaining({ email }) })]);
    const { data: claims } = await supabase.auth.getClaims();
    expect(claims!.claims).toMatchObject({ sub: data.user!.id, user_metadata: { name: 'Ann' }, app_metadata: { provider: 'email' } });
  });

  it('updateUser changes the password and merges data; the same password is AuthApiError same_password', async () => {
    const { supabase, email } = await signedUp();
    const changed = await supabase.auth.updateUser({ password: 'second password', data: { theme: 'dark' } });
    expect(changed.error).toBeNull();
    expect(changed.data.user!.user_metadata).toEqual({ name: 'Ann', theme: 'dark' });
    const same = await supabase.auth.updateUser({ password: 'second password' });
    expect(same.error).toMatchObject({ name: 'AuthApiError', status: 422, code: 'same_password' });
    const weak = await supabase.auth.updateUser({ password: '123' });
    expect(weak.error).toMatchObject({ name: 'AuthWeakPasswordError', status: 422, code: 'weak_password', reasons: ['length'] });
    const again = client();
    expect((await again.auth.signInWithPassword({ email, password: 'second password' })).error).toBeNull();
    expect((await again.auth.signInWithPassword({ email, password: 'first password' })).error).toMatchObject({ code: 'invalid_credentials' });
  });
});
