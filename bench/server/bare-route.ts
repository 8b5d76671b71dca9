// The benchmark's second baseline: a bare fastify + postgres.js route that runs only the hot read's
// transaction (the same statements, pipelined) and sends the body. What the service costs beyond it
// is its own overhead: authentication, parsing, planning, limits.
import Fastify from 'fastify';
import postgres from 'postgres';

interface BareRouteJob {
  databaseUrl: string;
  identity: { text: string; values: unknown[] };
  statement: { text: string; values: unknown[] };
}

const job = JSON.parse(process.env.BARE_ROUTE_JOB!) as BareRouteJob;
const sql = postgres(job.databaseUrl, { max: 10, onnotice: () => {} });
const app = Fastify({ logger: false });

app.get('/rest/v1/appointments', async (_request, reply) => {
  const connection = await sql.reserve();
  try {
    const [, , rows] = await Promise.all([
      connection.unsafe('begin'),
      connection.unsafe(job.identity.text, job.identity.values as never[], { prepare: true }),
      connection.unsafe(job.statement.text, job.statement.values as never[], { prepare: true }),
      connection.unsafe('commit'),
    ]);
    return reply.type('application/json; charset=utf-8').send((rows as unknown as Array<{ body: string }>)[0]!.body);
  } finally {
    connection.release();
  }
});

await app.listen({ host: '127.0.0.1', port: 0 });
const address = app.server.address();
process.stdout.write(`${JSON.stringify({ url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}` })}\n`);
process.once('SIGTERM', () => void app.close().then(() => sql.end()));
