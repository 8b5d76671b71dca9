// The service's own administration, beside /rest/v1 and /auth/v1: for now the snapshot that
// `practice server backup` takes of a running server. Only the service key may call it.
import type { FastifyInstance, onRequestHookHandler } from 'fastify';
import type { Database } from '../db/database.js';
import { ServiceError } from '../errors.js';
import { isPglite, snapshotOf } from '../snapshot.js';
import { recordBackup } from '../audit/backup-record.js';

export function registerAdminRoutes(app: FastifyInstance, { db, onRequest }: { db: Database; onRequest: onRequestHookHandler }): void {
  app.get('/admin/v1/backup', { onRequest }, async (request, reply) => {
    const role = request.identity?.role ?? 'anon';
    if (role !== 'service_role') {
      // As PostgREST answers a permission denied: 401 without a user, 403 with one.
      throw new ServiceError(role === 'anon' ? 401 : 403, '42501', 'permission denied for the backup', null, 'Send the service key as apikey and bearer token.');
    }
    if (!isPglite(db)) {
      throw new ServiceError(400, 'PGRST127', 'Feature not implemented', 'A backup of a PostgreSQL store', 'This service keeps its data in a PostgreSQL server: back that database up with pg_dump.');
    }
    await recordBackup(db, typeof request.headers['x-client-info'] === 'string' ? request.headers['x-client-info'] : undefined);
    return reply.type('application/gzip').send(await snapshotOf(db));
  });
}
