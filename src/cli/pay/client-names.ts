// Clients' names for ledger entries, which carry only client_id: one client's by id, or every
// client's of the practice in one paged read (a ledger listing names many of them).
import { query } from '../../core/query-builder.js';
import type { Client } from '../../model/records.js';
import type { Context } from '../context.js';
import { readRows } from '../shared/read-ranged.js';

export async function clientName(ctx: Context, id: string): Promise<string> {
  const [client] = await (await ctx.api()).select<Client>('clients', query<Client>().eq('id', id).select(['name']));
  return client?.name ?? '';
}

export async function clientNames(ctx: Context): Promise<Map<string, string>> {
  const api = await ctx.api();
  const clients = await readRows<Pick<Client, 'id' | 'name'>>(api, 'clients', query<Client>().eq('therapist_id', await api.userId()).select(['id', 'name']).order('id'));
  return new Map(clients.map((client) => [client.id, client.name]));
}
