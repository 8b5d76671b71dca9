// Calls a SQL function of the service as PostgREST exposes it, POST /rest/v1/rpc/<name> with its
// named arguments as a JSON object; the functions read only, so a retry is safe.
import type { Context } from '../context.js';

export async function callFunction<Row>(ctx: Context, name: string, args: Record<string, unknown>): Promise<Row[]> {
  const api = await ctx.api();
  const response = await api.request({ method: 'POST', path: `/rest/v1/rpc/${encodeURIComponent(name)}`, body: args, idempotent: true });
  return response.json<Row[]>() ?? [];
}
