// supabase-js pointed at a test server, as the web app and integrations would use it. Node 20 has no
// WebSocket and supabase-js builds its realtime client eagerly; the service has no realtime, so
// the transport refuses if anything ever tried to open one.
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import type { TestServer } from './server.js';

class NoRealtime {
  constructor() {
    throw new Error('The practice service has no realtime endpoint.');
  }
}

export function supabaseClient(server: TestServer, accessToken?: string): SupabaseClient {
  return createClient(server.url, server.keys.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: NoRealtime as never },
    ...(accessToken ? { global: { headers: { authorization: `Bearer ${accessToken}` } } } : {}),
  });
}
