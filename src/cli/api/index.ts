// `practice api <method> <path>`: a raw request through the CLI's HTTP core (like `gh api`), with the
// profile's apikey and session, retries and error handling; the response body goes to stdout.
// fs.promises, not node:fs/promises: Node loads it on first use, which a read never makes (docs/architecture.md).
import { promises as fsp } from 'node:fs';
import { Command } from 'commander';
import { apiErrorFrom } from '../../core/api-error.js';
import { encodeQueryComponent } from '../../core/query-builder.js';
import type { Context } from '../context.js';
import { UsageError } from '../errors.js';
import { collect } from '../shared/repeatable.js';
import { readStdinBytes, readStdinText } from '../shared/stdin.js';
import { header, keyValue, typedValue } from './parameters.js';

interface ApiOptions {
  query: string[];
  field: string[];
  rawField: string[];
  input?: string;
  header: string[];
  include?: boolean;
}

const BODYLESS = new Set(['GET', 'HEAD', 'DELETE']);

export function apiCommand(ctx: Context): Command {
  return new Command('api')
    .argument('<method>', 'GET, HEAD, POST, PATCH, DELETE, ...')
    .argument('<path>', 'a table (clients), a REST path (clients?select=id) or a path from the root (/auth/v1/user)')
    .option('-q, --query <key=value>', 'add a query parameter, sent as written (repeatable)', collect, [])
    .option('-F, --field <key=value>', 'add a typed field: true, false, null, numbers, @file (repeatable)', collect, [])
    .option('-f, --raw-field <key=value>', 'add a text field (repeatable)', collect, [])
    .option('--input <file>', 'send this file as the body ("-" reads stdin)')
    .option('-H, --header <name:value>', 'add a request header (repeatable)', collect, [])
    .option('-i, --include', 'print the status line and headers before the body')
    .addHelpText('before', `Examples:
  $ practice api GET clients -q select=id,name -q order=name.asc
  $ practice api GET 'appointments?date=eq.2025-06-02&status=in.(scheduled,confirmed)'
  $ practice api POST clients -f name="Ann Lee" -f phone=555-0100 -H 'Prefer: return=representation'
  $ practice api PATCH 'clients?id=eq.6f1c2a9e-0b7d-4c1e-9a53-2d8f0e4b7c11' -F total_visits=3
  $ practice api GET /auth/v1/user
`)
    .addHelpText('after', `
Fields go into the JSON body, or into the query string for GET, HEAD and DELETE.`)
    .action((method: string, path: string, options: ApiOptions) => runApi(method, path, options, ctx));
}

async function runApi(methodText: string, path: string, options: ApiOptions, ctx: Context): Promise<void> {
  if (!/^[A-Za-z]+$/.test(methodText)) throw new UsageError(`"${methodText}" is not an HTTP method.`);
  const method = methodText.toUpperCase();
  const [pathPart = '', pathQuery] = path.split(/\?(.*)/s);
  const fullPath = pathPart.startsWith('/') ? pathPart : `/rest/v1/${pathPart}`;
  const params = pathQuery ? [pathQuery] : [];
  for (const text of options.query) {
    const [key, value] = keyValue('-q', text);
    params.push(`${encodeQueryComponent(key)}=${encodeQueryComponent(value)}`);
  }
  const fields: Record<string, unknown> = {};
  for (const text of options.rawField) {
    const [key, value] = keyValue('-f', text);
    fields[key] = value;
  }
  for (const text of options.field) {
    const [key, value] = keyValue('-F', text);
    fields[key] = await typedValue(value, () => readStdinText(ctx));
  }
  const hasFields = Object.keys(fields).length > 0;
  if (options.input !== undefined && hasFields) throw new UsageError('--input and -f/-F exclude each other.');
  if (hasFields && BODYLESS.has(method)) {
    for (const [key, value] of Object.entries(fields)) params.push(`${encodeQueryComponent(key)}=${encodeQueryComponent(String(value))}`);
  }
  const headers = Object.fromEntries(options.header.map(header));
  let rawBody: Buffer | undefined;
  if (options.input !== undefined) {
    rawBody = options.input === '-' ? await readStdinBytes(ctx) : await fsp.readFile(options.input).catch((err: Error) => {
      throw new UsageError(`Cannot read ${options.input}: ${err.message}`);
    });
    headers['content-type'] ??= 'application/json';
  }

  const api = await ctx.api();
  const response = await api.raw({
    method,
    path: fullPath,
    query: params.join('&'),
    body: hasFields && !BODYLESS.has(method) ? fields : undefined,
    rawBody,
    headers,
  });
  if (options.include) {
    ctx.io.stdout.write(`HTTP ${response.status} ${response.statusText}\n`);
    for (const [name, value] of Object.entries(response.headers)) ctx.io.stdout.write(`${name}: ${value}\n`);
    ctx.io.stdout.write('\n');
  }
  writeBody(response.body, response.headers['content-type'], ctx);
  if (response.status >= 400) throw apiErrorFrom(response.status, response.statusText, response.headers, response.text());
}

/** JSON is indented on a terminal; piped, every byte goes out as received. */
function writeBody(body: Buffer, contentType: string | undefined, ctx: Context): void {
  if (body.length === 0) return;
  if (ctx.io.stdout.isTTY && contentType?.includes('json')) {
    try {
      ctx.out.json(JSON.parse(body.toString('utf8')));
      return;
    } catch {
      // not JSON after all: printed as is
    }
  }
  ctx.io.stdout.write(body);
  if (ctx.io.stdout.isTTY && body.at(-1) !== 0x0a) ctx.io.stdout.write('\n');
}
