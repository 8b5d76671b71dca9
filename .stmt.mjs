var __defProp = Object.defineProperty;
var __getOwnPropNames = Object.getOwnPropertyNames;
var __esm = (fn, res, err) => function __init() {
  if (err) throw err[0];
  try {
    return fn && (res = (0, fn[__getOwnPropNames(fn)[0]])(fn = 0)), res;
  } catch (e) {
    throw err = [e], e;
  }
};
var __export = (target, all) => {
  for (var name in all)
    __defProp(target, name, { get: all[name], enumerable: true });
};

// src/local-service/data-dir.ts
import { join, resolve } from "node:path";
var pgliteDir;
var init_data_dir = __esm({
  "src/local-service/data-dir.ts"() {
    "use strict";
    pgliteDir = (dataDir) => join(dataDir, "pglite");
  }
});

// src/server/db/extract-tar-gz.ts
import { closeSync, ftruncateSync, mkdirSync, openSync, writeSync } from "node:fs";
import { dirname, join as join2, normalize } from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { createGunzip } from "node:zlib";
function field(header, start, length) {
  const raw = header.subarray(start, start + length);
  const end = raw.indexOf(0);
  return raw.subarray(0, end === -1 ? length : end).toString("utf8");
}
function entryPath(header) {
  const name = field(header, 0, 100);
  const prefix = field(header, 257, 6).startsWith("ustar") ? field(header, 345, 155) : "";
  const path = normalize(prefix ? `${prefix}/${name}` : name).replace(/^[\\/]+/, "");
  if (path.split(/[\\/]/).includes("..")) throw new Error(`The archive's entry "${path}" points outside its folder.`);
  return path;
}
async function extractTarGz(gzipped, target) {
  const writer = new TarWriter(target);
  try {
    await pipeline(Readable.from(gzipped), createGunzip({ chunkSize: CHUNK }), async (tar) => {
      for await (const chunk of tar) writer.push(chunk);
    });
  } finally {
    writer.close();
  }
}
var BLOCK, CHUNK, ZEROS, TarWriter;
var init_extract_tar_gz = __esm({
  "src/server/db/extract-tar-gz.ts"() {
    "use strict";
    BLOCK = 512;
    CHUNK = 64 * 1024;
    ZEROS = Buffer.alloc(CHUNK);
    TarWriter = class {
      constructor(target) {
        this.target = target;
        this.folder(target);
      }
      target;
      folders = /* @__PURE__ */ new Set();
      header = Buffer.alloc(0);
      file = null;
      padding = 0;
      ended = false;
      push(chunk) {
        let rest = chunk;
        while (rest.length > 0 && !this.ended) {
          if (this.file) {
            rest = this.write(this.file, rest);
          } else if (this.padding > 0) {
            const skipped = Math.min(this.padding, rest.length);
            this.padding -= skipped;
            rest = rest.subarray(skipped);
          } else {
            const needed = BLOCK - this.header.length;
            this.header = Buffer.concat([this.header, rest.subarray(0, needed)]);
            rest = rest.subarray(needed);
            if (this.header.length === BLOCK) this.begin(this.header);
          }
        }
      }
      /** Closes a file left open by an archive that ended, or failed, inside it. */
      close() {
        if (this.file) closeSync(this.file.fd);
        this.file = null;
      }
      folder(path) {
        if (!this.folders.has(path)) mkdirSync(path, { recursive: true, mode: 448 });
        this.folders.add(path);
      }
      begin(header) {
        this.header = Buffer.alloc(0);
        if (header[0] === 0) {
          this.ended = true;
          return;
        }
        const size = parseInt(field(header, 124, 12).trim() || "0", 8);
        const type = String.fromCharCode(header[156]);
        const path = join2(this.target, entryPath(header));
        if (type === "5") return this.folder(path);
        if (type !== "0" && type !== "\0") throw new Error(`The archive holds an entry of tar type "${type}" (${path}); only files and folders are expected.`);
        this.folder(dirname(path));
        this.file = { fd: openSync(path, "w", 384), size, written: 0 };
        this.padding = Math.ceil(size / BLOCK) * BLOCK - size;
        if (size === 0) this.finish(this.file);
      }
      /** Writes what of `chunk` belongs to the file; returns the rest. */
      write(file, chunk) {
        const piece = chunk.subarray(0, file.size - file.written);
        const zeros = piece.length <= CHUNK && piece.equals(ZEROS.subarray(0, piece.length));
        if (!zeros) writeSync(file.fd, piece, 0, piece.length, file.written);
        file.written += piece.length;
        if (file.written === file.size) this.finish(file);
        return chunk.subarray(piece.length);
      }
      finish(file) {
        ftruncateSync(file.fd, file.size);
        closeSync(file.fd);
        this.file = null;
      }
    };
  }
});

// src/server/db/pglite-template.ts
import { createReadStream } from "node:fs";
import { rename, rm, stat } from "node:fs/promises";
import { join as join3 } from "node:path";
function shippedTemplate() {
  return typeof __dirname === "string" ? join3(__dirname, PGLITE_TEMPLATE_FILE) : void 0;
}
async function seedFromTemplate(dir, template) {
  const exists = (path) => stat(path).then(() => true, (err) => {
    if (err.code === "ENOENT") return false;
    throw err;
  });
  if (await exists(dir) || !await exists(template)) return false;
  const partial = `${dir}.partial-${process.pid}`;
  try {
    await extractTarGz(createReadStream(template), partial);
    await rename(partial, dir);
  } catch (err) {
    await rm(partial, { recursive: true, force: true });
    throw err;
  }
  return true;
}
var PGLITE_TEMPLATE_FILE;
var init_pglite_template = __esm({
  "src/server/db/pglite-template.ts"() {
    "use strict";
    init_extract_tar_gz();
    PGLITE_TEMPLATE_FILE = "pglite-template.tar.gz";
  }
});

// src/server/db/database.ts
function statementTimeoutOf(timeouts, role) {
  return role === "anon" ? timeouts.anon : timeouts.authenticated;
}
var DEFAULT_STATEMENT_TIMEOUTS;
var init_database = __esm({
  "src/server/db/database.ts"() {
    "use strict";
    DEFAULT_STATEMENT_TIMEOUTS = { anon: 3e3, authenticated: 8e3 };
  }
});

// src/server/http/limits.ts
var BODY_LIMIT_BYTES, URL_LIMIT_BYTES, HEADER_LIMIT_BYTES, INSERT_ROWS_LIMIT;
var init_limits = __esm({
  "src/server/http/limits.ts"() {
    "use strict";
    BODY_LIMIT_BYTES = 1024 * 1024;
    URL_LIMIT_BYTES = 64 * 1024;
    HEADER_LIMIT_BYTES = 1024 * 1024;
    INSERT_ROWS_LIMIT = 5e3;
  }
});

// src/server/errors.ts
var ServiceError, failures;
var init_errors = __esm({
  "src/server/errors.ts"() {
    "use strict";
    init_limits();
    ServiceError = class extends Error {
      constructor(status, code, message, details = null, hint = null, headers = {}) {
        super(message);
        this.status = status;
        this.code = code;
        this.details = details;
        this.hint = hint;
        this.headers = headers;
        this.name = "ServiceError";
      }
      status;
      code;
      details;
      hint;
      headers;
      get body() {
        return { code: this.code, details: this.details, hint: this.hint, message: this.message };
      }
    };
    failures = {
      parse: (what, details = null) => new ServiceError(400, "PGRST100", what, details),
      invalidBody: (message) => new ServiceError(400, "PGRST102", message),
      notUtf8: () => new ServiceError(400, "PGRST102", "Request body is not valid UTF-8", null, "Send the body encoded as UTF-8."),
      keysMustMatch: () => new ServiceError(400, "PGRST102", "All object keys must match"),
      invalidRange: (details = null) => new ServiceError(416, "PGRST103", "Requested range not satisfiable", details),
      unknownTable: (table) => new ServiceError(404, "PGRST205", `Could not find the table 'public.${table}' in the schema cache`),
      unknownColumn: (column2, table) => new ServiceError(400, "42703", `column ${table}.${column2} does not exist`),
      unknownBodyColumn: (column2, table) => new ServiceError(400, "PGRST204", `Could not find the '${column2}' column of '${table}' in the schema cache`),
      notSingleObject: (rows) => new ServiceError(
        406,
        "PGRST116",
        "Cannot coerce the result to a single JSON object",
        `The result contains ${rows} rows`
      ),
      missingWhere: (verb) => new ServiceError(
        400,
        "21000",
        `${verb} requires a WHERE clause`,
        null,
        "Add a filter such as ?id=eq.<uuid>; a request without one would change every row."
      ),
      methodNotAllowed: (method) => new ServiceError(405, "PGRST117", `Unsupported HTTP method: ${method}`),
      unacceptable: (accept) => new ServiceError(406, "PGRST107", `None of these media types are available: ${accept}`),
      invalidPath: (path) => new ServiceError(404, "PGRST125", `Invalid path specified in request URL: ${path}`),
      invalidPreferences: (tokens) => new ServiceError(400, "PGRST122", "Invalid preferences given with handling=strict", `Invalid preferences: ${tokens.join(", ")}`),
      maxAffectedExceeded: (rows) => new ServiceError(400, "PGRST124", "Query result exceeds max-affected preference constraint", `The query affects ${rows} rows`),
      unacceptableSchema: (schema2, exposed) => new ServiceError(406, "PGRST106", `Invalid schema: ${schema2}`, null, `Only the following schemas are exposed: ${exposed.join(", ")}`),
      putFilters: () => new ServiceError(405, "PGRST105", "Filters must include all and only primary key columns with 'eq' operators"),
      putPaging: () => new ServiceError(400, "PGRST114", "limit/offset querystring parameters are not allowed for PUT"),
      putMismatch: () => new ServiceError(400, "PGRST115", "Payload values do not match URL in primary key column(s)"),
      internal: () => new ServiceError(500, "PGRST000", "Internal server error"),
      rpcMethod: (method) => new ServiceError(405, "PGRST101", `Cannot use the ${method} method on RPC`),
      aggregatesDisabled: () => new ServiceError(400, "PGRST123", "Use of aggregate functions is not allowed"),
      // Limits on what one request may ask of the server. PostgREST has no such codes; these are ours,
      // in Supabase Auth's snake_case style, so that a client can tell "split the request" apart.
      payloadTooLarge: (limitBytes) => new ServiceError(
        413,
        "payload_too_large",
        `Request body is larger than ${limitBytes} bytes`,
        null,
        "Send fewer rows per request."
      ),
      uriTooLong: (limitBytes) => new ServiceError(
        414,
        "uri_too_long",
        `Request URL is longer than ${limitBytes} bytes`,
        null,
        "Use fewer or shorter filters, or split the request."
      ),
      headersTooLarge: () => new ServiceError(431, "request_header_fields_too_large", "Request headers are too large"),
      requestTimeout: () => new ServiceError(408, "request_timeout", "The request was not received in time"),
      tooManyConnections: () => new ServiceError(
        429,
        "too_many_connections",
        "Too many open connections from this address",
        null,
        "Close idle connections, or reuse one (keep-alive) for several requests."
      ),
      badHttpRequest: () => new ServiceError(400, "bad_http_request", "Malformed HTTP request"),
      jsonTooDeep: (limit) => new ServiceError(400, "json_too_deep", `JSON body is nested deeper than ${limit} levels`),
      tooManyRows: (rows, limit) => new ServiceError(
        400,
        "too_many_rows",
        `A bulk insert of ${rows} rows is over the limit of ${limit} rows per request`,
        null,
        `Split the rows into batches of at most ${limit}.`
      ),
      rateLimited: (retryAfterSeconds) => new ServiceError(
        429,
        "over_request_rate_limit",
        "Request rate limit reached",
        null,
        `retry after ${retryAfterSeconds} s`
      )
    };
  }
});

// src/server/db/fair-shares.ts
function fairShareLimits(poolSize) {
  return { capacity: poolSize, reserved: Math.max(1, Math.floor(poolSize / 4)), waitingPerUser: 64 };
}
var FairShares;
var init_fair_shares = __esm({
  "src/server/db/fair-shares.ts"() {
    "use strict";
    init_errors();
    FairShares = class {
      constructor(limits) {
        this.limits = limits;
      }
      limits;
      running = /* @__PURE__ */ new Map();
      /** Waiting requests by user, in the order the users started waiting. */
      waiting = /* @__PURE__ */ new Map();
      inUse = 0;
      /** Waits for a connection for `user`; the function returned gives it back. */
      async acquire(user, signal) {
        const release = () => this.release(user);
        if (this.inUse < this.limits.capacity && this.mayTake(user) && !this.waiting.has(user)) {
          this.take(user);
          return release;
        }
        const queue = this.waiting.get(user) ?? [];
        if (queue.length >= this.limits.waitingPerUser) throw failures.rateLimited(1);
        this.waiting.set(user, queue);
        await new Promise((resolve2, reject) => {
          const turn = () => {
            signal?.removeEventListener("abort", gone);
            resolve2();
          };
          const gone = () => {
            queue.splice(queue.indexOf(turn), 1);
            if (queue.length === 0 && this.waiting.get(user) === queue) this.waiting.delete(user);
            reject(signal.reason);
          };
          queue.push(turn);
          signal?.addEventListener("abort", gone, { once: true });
        });
        return release;
      }
      mayTake(user) {
        return (this.running.get(user) ?? 0) < this.limits.capacity - this.limits.reserved;
      }
      take(user) {
        this.running.set(user, (this.running.get(user) ?? 0) + 1);
        this.inUse += 1;
      }
      /** Gives the connection back, and hands a free one to the waiting user who holds the fewest. */
      release(user) {
        const running = (this.running.get(user) ?? 1) - 1;
        if (running === 0) this.running.delete(user);
        else this.running.set(user, running);
        this.inUse -= 1;
        let next = null;
        for (const waiter of this.waiting.keys()) {
          if (!this.mayTake(waiter)) continue;
          if (next === null || (this.running.get(waiter) ?? 0) < (this.running.get(next) ?? 0)) next = waiter;
        }
        if (next === null) return;
        const queue = this.waiting.get(next);
        const turn = queue.shift();
        this.waiting.delete(next);
        if (queue.length > 0) this.waiting.set(next, queue);
        this.take(next);
        turn();
      }
    };
  }
});

// src/server/db/identity-sql.ts
function identityStatement(identity2, readOnly, statementTimeoutMs = null) {
  const values = [identity2.role, identity2.claimsJson, identity2.method, identity2.path, JSON.stringify(identity2.headers)];
  let text = readOnly ? SET_IDENTITY_READ_ONLY : SET_IDENTITY;
  if (statementTimeoutMs !== null) {
    values.push(String(statementTimeoutMs));
    text += SET_STATEMENT_TIMEOUT(values.length);
  }
  if (identity2.timeZone != null) {
    values.push(identity2.timeZone);
    text += SET_TIME_ZONE(values.length);
  }
  return { text, values };
}
var SET_IDENTITY, SET_IDENTITY_READ_ONLY, SET_TIME_ZONE, SET_STATEMENT_TIMEOUT;
var init_identity_sql = __esm({
  "src/server/db/identity-sql.ts"() {
    "use strict";
    SET_IDENTITY = `select set_config('role', $1, true), set_config('request.jwt.claims', $2, true),
  set_config('request.method', $3, true), set_config('request.path', $4, true),
  set_config('request.headers', $5, true)`;
    SET_IDENTITY_READ_ONLY = `${SET_IDENTITY}, set_config('transaction_read_only', 'on', true)`;
    SET_TIME_ZONE = (n) => `, set_config('timezone', $${n}, true)`;
    SET_STATEMENT_TIMEOUT = (n) => `, set_config('statement_timeout', $${n}, true)`;
  }
});

// src/server/db/postgres.ts
var postgres_exports = {};
__export(postgres_exports, {
  openPostgres: () => openPostgres
});
import postgres from "postgres";
function openPostgres(url, options = {}, maxConnections = 10) {
  const statementTimeouts = options.statementTimeouts ?? DEFAULT_STATEMENT_TIMEOUTS;
  const shares = new FairShares(fairShareLimits(maxConnections));
  const sql = postgres(url, {
    max: maxConnections,
    onnotice: () => {
    },
    connection: { TimeZone: "UTC", application_name: "practice" },
    // Bodies come back as text built by the database; nothing else needs parsing.
    transform: { undefined: null },
    types: {
      json: { to: 114, from: [114, 3802], serialize: textOr(JSON.stringify), parse: (raw) => JSON.parse(raw) },
      boolean: { to: 16, from: [16], serialize: textOr((value) => value === true ? "t" : "f"), parse: (raw) => raw === "t" },
      date: {
        to: 1184,
        from: [1082, 1114, 1184],
        serialize: textOr((value) => (value instanceof Date ? value : new Date(value)).toISOString()),
        parse: (raw) => new Date(raw)
      }
    }
  });
  return {
    kind: "postgres",
    async query(text, values = []) {
      return await sql.unsafe(text, values);
    },
    async exec(script) {
      await sql.unsafe(script).simple();
    },
    async transaction(work) {
      return await sql.begin(
        (tx) => work({
          async query(text, values = []) {
            return await tx.unsafe(text, values);
          },
          async exec(script) {
            await tx.unsafe(script).simple();
          }
        })
      );
    },
    async runRequest(request) {
      const release = await shares.acquire(request.identity.userId ?? request.identity.role, request.signal);
      try {
        return await runReserved(request);
      } finally {
        release();
      }
    },
    async close() {
      await sql.end({ timeout: 5 });
    }
  };
  async function runReserved(request) {
    const connection = await sql.reserve();
    let cancelOnAbort;
    try {
      const timeout = statementTimeoutOf(statementTimeouts, request.identity.role);
      const identity2 = identityStatement(request.identity, request.readOnly, timeout);
      const identitySet = connection.unsafe(identity2.text, identity2.values, { prepare: true });
      const statement = connection.unsafe(request.statement.text, request.statement.values, { prepare: true });
      const pipelined = [connection.unsafe("begin"), identitySet, statement];
      if (!request.commitIf) pipelined.push(connection.unsafe("commit"));
      const settling = Promise.allSettled(pipelined);
      const cancel = () => void Promise.resolve(statement.cancel()).catch(() => {
      });
      cancelOnAbort = () => void identitySet.then(cancel, cancel);
      if (request.signal?.aborted) cancelOnAbort();
      else request.signal?.addEventListener("abort", cancelOnAbort, { once: true });
      const settled = await settling;
      const failure = settled.find((s) => s.status === "rejected");
      if (failure) {
        if (request.commitIf) await connection.unsafe("rollback");
        throw failure.reason;
      }
      const rows = settled[2].value;
      const row = rows[0];
      if (request.commitIf) await connection.unsafe(request.commitIf(row) ? "commit" : "rollback");
      return row;
    } finally {
      if (cancelOnAbort) request.signal?.removeEventListener("abort", cancelOnAbort);
      connection.release();
    }
  }
}
var textOr;
var init_postgres = __esm({
  "src/server/db/postgres.ts"() {
    "use strict";
    init_database();
    init_fair_shares();
    init_identity_sql();
    textOr = (serialize2) => (value) => typeof value === "string" ? value : serialize2(value);
  }
});

// src/fs/private-files.ts
import { chmodSync, lstatSync, readdirSync } from "node:fs";
import { join as join4 } from "node:path";
function makePrivate(root2) {
  const info = lstatSync(root2);
  if (info.isSymbolicLink()) return;
  const mode = info.isDirectory() ? 448 : 384;
  if ((info.mode & 4095) !== mode) chmodSync(root2, mode);
  if (info.isDirectory()) for (const name of readdirSync(root2)) makePrivate(join4(root2, name));
}
var init_private_files = __esm({
  "src/fs/private-files.ts"() {
    "use strict";
  }
});

// src/server/db/disk-space.ts
import { statfsSync } from "node:fs";
function assertDiskSpace(dir) {
  const { bavail, bsize } = statfsSync(dir);
  const free = bavail * bsize;
  if (free < DISK_RESERVE_BYTES) {
    throw new DiskFullError(
      `could not write to the database: ${(free / MIB).toFixed(1)} MB free on its disk, ${DISK_RESERVE_BYTES / MIB} MB are kept free for its log`
    );
  }
}
var MIB, DISK_RESERVE_BYTES, DiskFullError;
var init_disk_space = __esm({
  "src/server/db/disk-space.ts"() {
    "use strict";
    MIB = 1024 * 1024;
    DISK_RESERVE_BYTES = 24 * MIB;
    DiskFullError = class extends Error {
      code = "53100";
      hint = "Check free disk space.";
    };
  }
});

// src/server/lru.ts
var LeastRecentlyUsed;
var init_lru = __esm({
  "src/server/lru.ts"() {
    "use strict";
    LeastRecentlyUsed = class {
      /**
       * At most `capacity` entries and, with `budget`, at most `budget.max` of their summed weights
       * (bytes, say), so a few huge entries cannot hold what a thousand small ones would.
       */
      constructor(capacity, budget) {
        this.capacity = capacity;
        this.budget = budget;
      }
      capacity;
      budget;
      entries = /* @__PURE__ */ new Map();
      weight = 0;
      get(key) {
        const value = this.entries.get(key);
        if (value === void 0) return void 0;
        this.entries.delete(key);
        this.entries.set(key, value);
        return value;
      }
      /**
       * Returns the entry pushed out to make room, for a caller that must release what it holds
       * (only ever one without a budget). An entry heavier than the whole budget is not kept.
       */
      set(key, value) {
        this.delete(key);
        const weight = this.budget?.weigh(key, value) ?? 0;
        if (this.budget && weight > this.budget.max) return void 0;
        let evicted;
        while (this.entries.size > 0 && (this.entries.size >= this.capacity || this.budget && this.weight + weight > this.budget.max)) {
          evicted = this.entries.entries().next().value;
          this.delete(evicted[0]);
        }
        this.entries.set(key, value);
        this.weight += weight;
        return evicted;
      }
      delete(key) {
        const value = this.entries.get(key);
        if (value === void 0) return;
        this.entries.delete(key);
        if (this.budget) this.weight -= this.budget.weigh(key, value);
      }
      /** Entries kept, and their summed weight. */
      get size() {
        return { entries: this.entries.size, weight: this.weight };
      }
    };
  }
});

// src/server/db/pglite-time-limit.ts
import { Script } from "node:vm";
function withinTimeLimit(work, limitMs) {
  let result;
  globalThis[CALL] = () => {
    result = work();
  };
  try {
    SCRIPT.runInThisContext({ timeout: limitMs });
  } catch (err) {
    if (err.code === "ERR_SCRIPT_EXECUTION_TIMEOUT") throw new StatementTimedOut(limitMs);
    throw err;
  } finally {
    delete globalThis[CALL];
  }
  return result;
}
var CALL, SCRIPT, StatementTimedOut;
var init_pglite_time_limit = __esm({
  "src/server/db/pglite-time-limit.ts"() {
    "use strict";
    CALL = /* @__PURE__ */ Symbol.for("practice.pglite.timedCall");
    SCRIPT = new Script(`globalThis[Symbol.for('practice.pglite.timedCall')]()`);
    StatementTimedOut = class extends Error {
      constructor(limitMs) {
        super("canceling statement due to statement timeout");
        this.limitMs = limitMs;
      }
      limitMs;
      code = "57014";
    };
  }
});

// src/server/db/pglite-pipeline.ts
import { protocol, types } from "@electric-sql/pglite";
function arrayLiteral(items) {
  return `{${items.map((item) => `"${String(item).replace(/[\\"]/g, "\\$&")}"`).join(",")}}`;
}
function asText(value) {
  if (value === null || value === void 0) return null;
  if (Array.isArray(value)) return arrayLiteral(value);
  return String(value);
}
function concat(parts) {
  const whole = new Uint8Array(parts.reduce((length, part) => length + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    whole.set(part, offset);
    offset += part.length;
  }
  return whole;
}
function retire(pg) {
  Object.defineProperty(pg, "execProtocolRawSync", {
    value: () => {
      throw new EngineRetired();
    }
  });
}
var serialize, PREPARED_STATEMENTS, EngineRetired, PglitePipeline;
var init_pglite_pipeline = __esm({
  "src/server/db/pglite-pipeline.ts"() {
    "use strict";
    init_lru();
    init_pglite_time_limit();
    ({ serialize } = protocol);
    PREPARED_STATEMENTS = 256;
    EngineRetired = class extends Error {
      constructor() {
        super("the database engine was reopened after a statement ran past its time limit");
      }
    };
    PglitePipeline = class {
      constructor(pg) {
        this.pg = pg;
      }
      pg;
      /** Statement text -> prepared statement name. */
      prepared = new LeastRecentlyUsed(PREPARED_STATEMENTS);
      nextName = 0;
      /**
       * The first row of `statement`, run after `identity` in one transaction; errors throw as from
       * query(). Past its time limit the engine is retired (every later call into it throws
       * EngineRetired) and StatementTimedOut is thrown: its owner opens a new one.
       */
      async run(identity2, statement, options = {}) {
        const { readOnly = false, signal, timeLimitMs = null, commitIf } = options;
        const closes = [];
        const messages = [];
        const created = [];
        const use = (step, describe) => {
          let name = this.prepared.get(step.text);
          if (name === void 0) {
            name = `practice_${this.nextName++}`;
            messages.push(serialize.parse({ name, text: step.text }));
            created.push([step.text, name]);
            const evicted = this.prepared.set(step.text, name);
            if (evicted) closes.push(serialize.close({ type: "S", name: evicted[1] }));
          }
          messages.push(serialize.bind({ statement: name, values: step.values.map(asText) }));
          if (describe) messages.push(serialize.describe({ type: "P" }));
          messages.push(serialize.execute({}));
        };
        use(identity2, false);
        use(statement, true);
        const request = concat([...closes, ...messages, serialize.sync()]);
        let row;
        try {
          row = await this.exclusive(async (send) => {
            signal?.throwIfAborted();
            if (!commitIf) return this.rowOf(await send(request));
            await send(serialize.query("begin"), false);
            let found;
            try {
              found = this.rowOf(await send(request));
            } catch (err) {
              if (!(err instanceof StatementTimedOut)) await send(serialize.query("rollback"), false);
              throw err;
            }
            await send(serialize.query(commitIf(found) ? "commit" : "rollback"), false);
            return found;
          }, timeLimitMs);
        } catch (err) {
          if (err instanceof StatementTimedOut || err instanceof EngineRetired) throw err;
          for (const [text] of created) this.prepared.delete(text);
          await this.exclusive((send) => send(concat([...created.map(([, name]) => serialize.close({ type: "S", name })), serialize.sync()])));
          throw err;
        }
        if (!readOnly) await this.pg.syncToFs();
        return row;
      }
      rowOf(replies) {
        const described2 = replies.findIndex((reply) => reply.name === "rowDescription");
        const description = replies[described2];
        const data = replies.slice(described2).find((reply) => reply.name === "dataRow");
        return Object.fromEntries(
          description.fields.map((field2, i) => [field2.name, types.parseType(data.fields[i] ?? null, field2.dataTypeID, this.pg.parsers)])
        );
      }
      /**
       * `work` holding the same two locks PGlite's query() takes, so no other query or transaction
       * interleaves; each message it sends is one call into the engine, within `timeLimitMs`. These are
       * PGlite's private methods: package.json pins its exact version, and
       * test/unit/pglite-pipeline.test.ts fails first if an upgrade renames or drops them.
       */
      exclusive(work, timeLimitMs = null) {
        const send = (message, limited = true) => {
          const call = () => this.pg.execProtocolStream(message, { syncToFs: false });
          if (timeLimitMs === null || !limited) return call();
          try {
            return withinTimeLimit(call, timeLimitMs);
          } catch (err) {
            if (err instanceof StatementTimedOut) retire(this.pg);
            throw err;
          }
        };
        return this.pg._runExclusiveTransaction(() => this.pg._runExclusiveQuery(() => work(send)));
      }
    };
  }
});

// src/server/db/pglite.ts
var pglite_exports = {};
__export(pglite_exports, {
  openPglite: () => openPglite
});
import { PGlite } from "@electric-sql/pglite";
import { btree_gist } from "@electric-sql/pglite/contrib/btree_gist";
async function startEngine(target) {
  const pg = await PGlite.create({
    ...target.dataDir ? { dataDir: target.dataDir } : {},
    ...target.loadDataDir ? { loadDataDir: target.loadDataDir } : {},
    extensions: { btree_gist },
    startParams: [...START_PARAMS, ...Object.entries(target.settings ?? {}).flatMap(([name, value]) => ["-c", `${name}=${value}`])]
  });
  await pg.exec(`set timezone = 'UTC'`);
  if (target.dataDir) makePrivate(target.dataDir);
  return { pg, pipeline: new PglitePipeline(pg) };
}
async function openPglite(target, options = {}) {
  const { dataDir } = target;
  const timeouts = dataDir ? options.statementTimeouts ?? DEFAULT_STATEMENT_TIMEOUTS : null;
  let engine = await startEngine(target);
  let reopening = null;
  function reopen(dead) {
    if (engine !== dead || reopening) return;
    reopening = startEngine(target).then((fresh) => {
      engine = fresh;
      reopening = null;
      return fresh;
    });
  }
  async function onEngine(use) {
    for (let attempt = 0; ; attempt++) {
      const current = reopening ? await reopening : engine;
      try {
        return await use(current);
      } catch (err) {
        if (err instanceof StatementTimedOut || err instanceof EngineRetired) reopen(current);
        if (err instanceof EngineRetired && attempt === 0) continue;
        throw err;
      }
    }
  }
  const beforeWrite = dataDir ? () => assertDiskSpace(dataDir) : () => {
  };
  return {
    kind: "pglite",
    async query(text, values = []) {
      if (!/^\s*select\b/i.test(text)) beforeWrite();
      return onEngine(async ({ pg }) => (await pg.query(text, values)).rows);
    },
    async exec(script) {
      beforeWrite();
      await onEngine(({ pg }) => pg.exec(script));
    },
    async transaction(work) {
      beforeWrite();
      return onEngine(({ pg }) => pg.transaction(
        (tx) => work({
          async query(text, values = []) {
            return (await tx.query(text, values)).rows;
          },
          async exec(script) {
            await tx.exec(script);
          }
        })
      ));
    },
    async runRequest(request) {
      if (!request.readOnly) beforeWrite();
      const identity2 = identityStatement(request.identity, request.readOnly);
      const timeLimitMs = timeouts ? statementTimeoutOf(timeouts, request.identity.role) : null;
      return onEngine(({ pipeline: pipeline2 }) => pipeline2.run(identity2, request.statement, {
        readOnly: request.readOnly,
        signal: request.signal,
        timeLimitMs,
        commitIf: request.commitIf
      }));
    },
    async close() {
      await (reopening ? await reopening : engine).pg.close();
    },
    async dumpDataDir() {
      return onEngine(async ({ pg }) => await pg.dumpDataDir("gzip"));
    }
  };
}
var START_PARAMS;
var init_pglite = __esm({
  "src/server/db/pglite.ts"() {
    "use strict";
    init_private_files();
    init_database();
    init_disk_space();
    init_identity_sql();
    init_pglite_pipeline();
    init_pglite_time_limit();
    START_PARAMS = [...PGlite.defaultStartParams, "-c", "shared_buffers=16MB", "-c", "log_startup_progress_interval=0"];
  }
});

// src/server/db/open.ts
var open_exports = {};
__export(open_exports, {
  openDatabase: () => openDatabase
});
async function openDatabase(target, options = {}) {
  if ("url" in target) {
    const { openPostgres: openPostgres2 } = await Promise.resolve().then(() => (init_postgres(), postgres_exports));
    return openPostgres2(target.url, options);
  }
  const { openPglite: openPglite2 } = await Promise.resolve().then(() => (init_pglite(), pglite_exports));
  const template = shippedTemplate();
  if ("dataDir" in target && template) await seedFromTemplate(pgliteDir(target.dataDir), template);
  const pgliteTarget = "dataDir" in target ? { dataDir: pgliteDir(target.dataDir) } : target.loadDataDir ? { loadDataDir: target.loadDataDir } : {};
  return openPglite2(pgliteTarget, options);
}
var init_open = __esm({
  "src/server/db/open.ts"() {
    "use strict";
    init_data_dir();
    init_pglite_template();
  }
});

// src/server/db/schema-routines.ts
function relation(name, columns) {
  const list = columns.map((c) => ({ name: c.name, type: c.type, nullable: true, default: null, description: null, enum: null }));
  return { name, description: null, columns: list, columnsByName: new Map(list.map((c) => [c.name, c])), primaryKey: [] };
}
function routineOf(row, tables3) {
  const modes = row.arg_modes.length > 0 ? row.arg_modes : row.arg_types.map(() => "i");
  const inputs = [];
  const outputs = [];
  modes.forEach((mode, i) => {
    const argument = { name: row.arg_names[i] ?? "", type: row.arg_types[i], variadic: mode === "v" };
    if (mode === "i" || mode === "b" || mode === "v") inputs.push(argument);
    if (mode === "o" || mode === "b" || mode === "t") outputs.push(argument);
  });
  const firstDefault = row.arg_count - row.defaults;
  let singleJsonParam = null;
  if (inputs.length === 1 && inputs[0].name === "" && JSON_TYPES.has(inputs[0].type)) singleJsonParam = inputs[0].type;
  else if (inputs.some((input) => input.name === "")) return null;
  let result = null;
  if (outputs.length > 0) result = relation(row.name, outputs);
  else if (row.return_table !== null) result = tables3.get(row.return_table) ?? null;
  if (result === null && row.composite_columns !== null) result = relation(row.name, row.composite_columns);
  return {
    name: row.name,
    description: row.description,
    params: singleJsonParam ? [] : inputs.map((input, i) => ({ ...input, required: i < firstDefault })),
    singleJsonParam,
    volatility: VOLATILITY[row.volatility],
    returnsSet: row.returns_set,
    result,
    returnType: row.return_type,
    executableBy: new Set(row.executable_by)
  };
}
async function loadRoutines(db2, tables3) {
  const routines = /* @__PURE__ */ new Map();
  for (const row of await db2.query(ROUTINES)) {
    const routine = routineOf(row, tables3);
    if (!routine) continue;
    const overloads = routines.get(routine.name) ?? [];
    overloads.push(routine);
    routines.set(routine.name, overloads);
  }
  return routines;
}
var ROUTINES, VOLATILITY, JSON_TYPES;
var init_schema_routines = __esm({
  "src/server/db/schema-routines.ts"() {
    "use strict";
    ROUTINES = `
  select p.proname::text as name, obj_description(p.oid, 'pg_proc') as description,
         p.provolatile::text as volatility, p.proretset as returns_set,
         coalesce(p.proargnames, '{}')::text[] as arg_names, coalesce(p.proargmodes::text[], '{}') as arg_modes,
         array(select format_type(t.oid, null) from unnest(coalesce(p.proallargtypes, p.proargtypes::oid[]))
               with ordinality as u(oid, i) join pg_type t on t.oid = u.oid order by u.i)::text[] as arg_types,
         p.pronargs::int as arg_count, p.pronargdefaults::int as defaults,
         format_type(p.prorettype, null) as return_type,
         (select c.relname::text from pg_class c join pg_namespace cn on cn.oid = c.relnamespace
          where c.oid = rt.typrelid and cn.nspname = 'public' and c.relkind in ('r', 'p', 'v')) as return_table,
         case when rt.typrelid <> 0 then
           (select json_agg(json_build_object('name', a.attname, 'type', format_type(a.atttypid, a.atttypmod)) order by a.attnum)
            from pg_attribute a where a.attrelid = rt.typrelid and a.attnum > 0 and not a.attisdropped)
         end as composite_columns,
         array(select r.rolname::text from pg_roles r
               where r.rolname in ('anon', 'authenticated', 'service_role') and has_function_privilege(r.oid, p.oid, 'execute')) as executable_by
  from pg_proc p
  join pg_namespace n on n.oid = p.pronamespace
  join pg_type rt on rt.oid = p.prorettype
  where n.nspname = 'public' and p.prokind = 'f' and p.prorettype not in ('trigger'::regtype, 'event_trigger'::regtype)
  order by p.proname, p.oid`;
    VOLATILITY = { v: "volatile", s: "stable", i: "immutable" };
    JSON_TYPES = /* @__PURE__ */ new Set(["json", "jsonb"]);
  }
});

// src/server/db/schema-cache.ts
var schema_cache_exports = {};
__export(schema_cache_exports, {
  loadSchemaCache: () => loadSchemaCache
});
function enumValues(definition) {
  const match = ENUM_CHECK.exec(definition);
  if (!match) return null;
  const values = [...match[2].matchAll(/'((?:[^']|'')*)'::/g)].map((m) => m[1].replaceAll("''", "'"));
  return values.length > 0 ? { column: match[1], values } : null;
}
function relationshipsOf(foreignKeys) {
  const relationships = /* @__PURE__ */ new Map();
  const add = (relationship) => {
    const list = relationships.get(relationship.table) ?? [];
    list.push(relationship);
    relationships.set(relationship.table, list);
  };
  for (const key of foreignKeys) {
    const pairs = key.columns.map((column2, i) => [column2, key.foreign_columns[i]]);
    const isSelf = key.table_name === key.foreign_table;
    add({
      constraint: key.constraint,
      table: key.table_name,
      foreignTable: key.foreign_table,
      columns: pairs,
      cardinality: key.unique_key ? "one-to-one" : "many-to-one",
      isSelf
    });
    add({
      constraint: key.constraint,
      table: key.foreign_table,
      foreignTable: key.table_name,
      columns: pairs.map(([column2, foreign]) => [foreign, column2]),
      cardinality: key.unique_key ? "one-to-one" : "one-to-many",
      isSelf
    });
  }
  return relationships;
}
async function loadSchemaCache(db2) {
  const [columnRows, checkRows, foreignKeys] = await Promise.all([
    db2.query(COLUMNS),
    db2.query(CHECKS),
    db2.query(FOREIGN_KEYS)
  ]);
  const tables3 = /* @__PURE__ */ new Map();
  for (const row of columnRows) {
    let table = tables3.get(row.table_name);
    if (!table) {
      table = { name: row.table_name, description: row.table_description, columns: [], columnsByName: /* @__PURE__ */ new Map(), primaryKey: [] };
      tables3.set(row.table_name, table);
    }
    const column2 = {
      name: row.name,
      type: row.type,
      nullable: row.nullable,
      default: row.default,
      description: row.description,
      enum: null
    };
    table.columns.push(column2);
    table.columnsByName.set(column2.name, column2);
    if (row.primary_key) table.primaryKey.push(column2.name);
  }
  for (const check of checkRows) {
    const found = enumValues(check.definition);
    const column2 = found && tables3.get(check.table_name)?.columnsByName.get(found.column);
    if (column2 && found) column2.enum = found.values;
  }
  return { tables: tables3, relationships: relationshipsOf(foreignKeys), routines: await loadRoutines(db2, tables3) };
}
var COLUMNS, CHECKS, ENUM_CHECK, FOREIGN_KEYS;
var init_schema_cache = __esm({
  "src/server/db/schema-cache.ts"() {
    "use strict";
    init_schema_routines();
    COLUMNS = `
  select c.relname as table_name, obj_description(c.oid, 'pg_class') as table_description,
         a.attname as name, format_type(a.atttypid, a.atttypmod) as type, not a.attnotnull as nullable,
         pg_get_expr(d.adbin, d.adrelid) as default, col_description(c.oid, a.attnum) as description,
         coalesce(a.attnum = any(i.indkey), false) as primary_key
  from pg_class c
  join pg_namespace n on n.oid = c.relnamespace
  join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
  left join pg_attrdef d on d.adrelid = c.oid and d.adnum = a.attnum
  left join pg_index i on i.indrelid = c.oid and i.indisprimary
  where n.nspname = 'public' and c.relkind in ('r', 'p', 'v')
  order by c.relname, a.attnum`;
    CHECKS = `
  select c.relname as table_name, pg_get_constraintdef(k.oid) as definition
  from pg_constraint k
  join pg_class c on c.oid = k.conrelid
  join pg_namespace n on n.oid = c.relnamespace
  where n.nspname = 'public' and k.contype = 'c'`;
    ENUM_CHECK = /^CHECK \(\(\(?(\w+)\)? = ANY \(+ARRAY\[(.+)\]\)+$/;
    FOREIGN_KEYS = `
  select k.conname::text as constraint, c.relname::text as table_name, f.relname::text as foreign_table,
         array(select a.attname::text from unnest(k.conkey) with ordinality as u(attnum, i)
               join pg_attribute a on a.attrelid = k.conrelid and a.attnum = u.attnum order by u.i) as columns,
         array(select a.attname::text from unnest(k.confkey) with ordinality as u(attnum, i)
               join pg_attribute a on a.attrelid = k.confrelid and a.attnum = u.attnum order by u.i) as foreign_columns,
         exists(select 1 from pg_constraint q
                where q.conrelid = k.conrelid and q.contype in ('p', 'u')
                  and (select array_agg(x order by x) from unnest(q.conkey) x) = (select array_agg(x order by x) from unnest(k.conkey) x)
         ) as unique_key
  from pg_constraint k
  join pg_class c on c.oid = k.conrelid
  join pg_namespace n on n.oid = c.relnamespace
  join pg_class f on f.oid = k.confrelid
  join pg_namespace fn on fn.oid = f.relnamespace
  where k.contype = 'f' and n.nspname = 'public' and fn.nspname = 'public'
  order by k.conname`;
  }
});

// src/server/rest/parse-prefer.ts
var parse_prefer_exports = {};
__export(parse_prefer_exports, {
  parsePrefer: () => parsePrefer,
  parseRangeHeader: () => parseRangeHeader
});
function parsePrefer(header) {
  const tokens = (header ?? "").split(",").map((token) => token.trim()).filter((token) => token !== "");
  const firstOf = (known) => tokens.find((token) => Object.hasOwn(known, token));
  const valueOf = (prefix) => tokens.find((token) => token.startsWith(prefix))?.slice(prefix.length);
  const resolution = firstOf(RESOLUTION);
  const missing = firstOf(MISSING);
  const representation = firstOf(RETURN);
  const count = firstOf(COUNT);
  const handling = firstOf(HANDLING);
  const timezone = valueOf(TIMEZONE);
  const maxAffectedText = valueOf(MAX_AFFECTED);
  const maxAffected = maxAffectedText !== void 0 && WHOLE_NUMBER.test(maxAffectedText) ? Number(maxAffectedText) : null;
  const strict = handling !== void 0 && HANDLING[handling] === "strict";
  const invalid = tokens.filter((token) => !recognised(token));
  if (strict && invalid.length > 0) throw failures.invalidPreferences(invalid);
  return {
    return: representation ? RETURN[representation] : null,
    count: count ? COUNT[count] : null,
    resolution: resolution ? RESOLUTION[resolution] : null,
    missing: missing ? MISSING[missing] : null,
    handling: handling ? HANDLING[handling] : null,
    timezone: timezone ?? null,
    maxAffected: strict ? maxAffected : null,
    applied: [
      resolution,
      missing,
      representation,
      count,
      handling,
      timezone === void 0 ? void 0 : `${TIMEZONE}${timezone}`,
      strict && maxAffected !== null ? `${MAX_AFFECTED}${maxAffected}` : void 0
    ].filter((token) => token !== void 0)
  };
}
function rowIndex(digits) {
  return Math.min(Number(digits), Number.MAX_SAFE_INTEGER);
}
function parseRangeHeader(header) {
  const match = header === void 0 ? null : RANGE.exec(header);
  if (!match) return null;
  const first = rowIndex(match[1]);
  const last = match[2] === "" ? null : rowIndex(match[2]);
  if (last !== null && last < first) {
    throw failures.invalidRange(
      "The lower boundary must be lower than or equal to the upper boundary in the Range header."
    );
  }
  return { first, last };
}
var RETURN, COUNT, RESOLUTION, MISSING, HANDLING, TRANSACTION, TIMEZONE, MAX_AFFECTED, WHOLE_NUMBER, recognised, RANGE;
var init_parse_prefer = __esm({
  "src/server/rest/parse-prefer.ts"() {
    "use strict";
    init_errors();
    RETURN = {
      "return=minimal": "minimal",
      "return=representation": "representation",
      "return=headers-only": "headers-only"
    };
    COUNT = {
      "count=exact": "exact",
      "count=planned": "exact",
      "count=estimated": "exact"
    };
    RESOLUTION = {
      "resolution=merge-duplicates": "merge-duplicates",
      "resolution=ignore-duplicates": "ignore-duplicates"
    };
    MISSING = {
      "missing=default": "default",
      "missing=null": "null"
    };
    HANDLING = {
      "handling=strict": "strict",
      "handling=lenient": "lenient"
    };
    TRANSACTION = /* @__PURE__ */ new Set(["tx=commit", "tx=rollback"]);
    TIMEZONE = "timezone=";
    MAX_AFFECTED = "max-affected=";
    WHOLE_NUMBER = /^-?\d+$/;
    recognised = (token) => [RETURN, COUNT, RESOLUTION, MISSING, HANDLING].some((known) => Object.hasOwn(known, token)) || TRANSACTION.has(token) || token.startsWith(TIMEZONE) || token.startsWith(MAX_AFFECTED);
    RANGE = /^([0-9]+)-([0-9]*)$/;
  }
});

// src/server/rest/parse-query/bounds.ts
function tooManyItems(column2) {
  return failures.parse(
    `Too many values in the in list of ${column2}: at most ${MAX_IN_ITEMS} are allowed`,
    "Split the request into several smaller ones."
  );
}
function tooDeep() {
  return failures.parse(
    `Logic tree nested too deeply: at most ${MAX_LOGIC_DEPTH} levels of and/or are allowed`,
    "Flatten the and/or groups of the or=/and= parameter."
  );
}
function tooDeeplyEmbedded() {
  return failures.parse(
    `Resource embedding nested too deeply: at most ${MAX_EMBED_DEPTH} levels are allowed`,
    "Embed fewer levels of resources in one select."
  );
}
function tooManyColumns() {
  return failures.parse(
    `Too many columns in select: at most ${MAX_SELECT_COLUMNS} are allowed`,
    "Select fewer columns, or split the request."
  );
}
function tooManyEmbeds() {
  return failures.parse(
    `Too many embedded resources in select: at most ${MAX_EMBEDS} are allowed`,
    "Embed fewer resources in one request, or split it."
  );
}
var MAX_IN_ITEMS, MAX_LOGIC_DEPTH, MAX_EMBED_DEPTH, MAX_SELECT_COLUMNS, MAX_EMBEDS;
var init_bounds = __esm({
  "src/server/rest/parse-query/bounds.ts"() {
    "use strict";
    init_errors();
    MAX_IN_ITEMS = 1e3;
    MAX_LOGIC_DEPTH = 10;
    MAX_EMBED_DEPTH = 8;
    MAX_SELECT_COLUMNS = 1e3;
    MAX_EMBEDS = 16;
  }
});

// src/server/rest/parse-query/lexical.ts
function isIdentifierChar(ch) {
  if (ch === void 0) return false;
  if (ch >= "a" && ch <= "z" || ch >= "A" && ch <= "Z" || ch >= "0" && ch <= "9") return true;
  return ch === "_" || ch === " " || ch === "$" || ch > "\x7F" && /\p{L}/u.test(ch);
}
function quotedValue(text, at) {
  let value = "";
  let chunk = at + 1;
  for (let i = chunk; i < text.length; i++) {
    if (text[i] === '"') return { value: value + text.slice(chunk, i), end: i + 1 };
    if (text[i] === "\\") {
      if (i + 1 === text.length) return null;
      value += text.slice(chunk, i) + text[i + 1];
      chunk = ++i + 1;
    }
  }
  return null;
}
function identifier(s, expected) {
  const start = s.at;
  while (isIdentifierChar(s.peek())) s.at++;
  if (s.at === start) throw s.stop(expected);
  return s.text.slice(start, s.at).trim();
}
function fieldName(s) {
  if (s.peek() === '"') {
    const quoted = quotedValue(s.text, s.at);
    if (!quoted) throw s.stop(['"\\""'], s.text.length);
    s.at = quoted.end;
    return quoted.value;
  }
  const parts = [identifier(s, [FIELD_NAME])];
  while (s.peek() === "-" && s.peek(1) !== ">") {
    s.at++;
    parts.push(identifier(s, [FIELD_NAME]));
  }
  return parts.join("-");
}
function unquotedItem(s) {
  const start = s.at;
  while (!endsItem(s.peek())) s.at++;
  return s.text.slice(start, s.at);
}
function quotedItem(s) {
  const quoted = s.peek() === '"' ? quotedValue(s.text, s.at) : null;
  if (!quoted || !endsItem(s.text[quoted.end])) return null;
  s.at = quoted.end;
  return quoted.value;
}
function listValue(s, column2) {
  s.skipSpaces();
  s.expectChar("(");
  s.skipSpaces();
  const items = [];
  for (; ; ) {
    items.push(quotedItem(s) ?? unquotedItem(s));
    if (items.length > MAX_IN_ITEMS) throw tooManyItems(column2);
    if (s.peek() !== ",") break;
    s.at++;
  }
  s.skipSpaces();
  if (s.peek() !== ")") throw s.stop(['","', '")"']);
  s.at++;
  s.skipSpaces();
  return items.length === 1 && items[0] === "" ? [] : items;
}
function logicValue(s) {
  const quoted = quotedItem(s);
  if (quoted !== null) return quoted;
  if (s.peek() === "{") {
    let close = s.at + 1;
    while (close < s.text.length && s.text[close] !== "{" && s.text[close] !== "}") close++;
    if (s.text[close] === "}") {
      const literal = s.text.slice(s.at, close + 1);
      s.at = close + 1;
      return literal;
    }
  }
  return unquotedItem(s);
}
var FIELD_NAME, endsItem;
var init_lexical = __esm({
  "src/server/rest/parse-query/lexical.ts"() {
    "use strict";
    init_bounds();
    FIELD_NAME = "field name (* or [a..z0..9_$])";
    endsItem = (ch) => ch === void 0 || ch === "," || ch === ")";
  }
});

// src/server/rest/parse-query/parse-error.ts
function furthest(first, second) {
  if (first.at !== second.at) return first.at > second.at ? first : second;
  return new Stop(first.at, first.unexpected, [.../* @__PURE__ */ new Set([...first.expected, ...second.expected])]);
}
function haskellString(text) {
  if (/^[\x20\x21\x23-\x5b\x5d-\x7e]*$/.test(text)) return `"${text}"`;
  let shown = '"';
  let guard = "";
  for (const ch of text) {
    const code = ch.codePointAt(0);
    if (guard === "digit" && ch >= "0" && ch <= "9" || guard === "H" && ch === "H") shown += "\\&";
    guard = "";
    if (ch === '"') shown += '\\"';
    else if (ch === "\\") shown += "\\\\";
    else if (code >= 32 && code < 127) shown += ch;
    else if (code < 32) {
      shown += `\\${ASCII_NAMES[code]}`;
      if (code === 14) guard = "H";
    } else if (code === 127) shown += "\\DEL";
    else {
      shown += `\\${code}`;
      guard = "digit";
    }
  }
  return `${shown}"`;
}
function characterAt(text, at) {
  return String.fromCodePoint(text.codePointAt(at));
}
function tokenAt(text, at) {
  return at >= text.length ? "end of input" : haskellString(characterAt(text, at));
}
function leftoverAt(text, at) {
  const ch = characterAt(text, at);
  if (ch === "'") return "'\\''";
  return `'${ch === '"' ? ch : haskellString(ch).slice(1, -1)}'`;
}
function positionOf(text, at) {
  let line = 1;
  let column2 = 1;
  for (let i = 0; i < at && i < text.length; i += text.codePointAt(i) > 65535 ? 2 : 1) {
    if (text[i] === "\n") {
      line++;
      column2 = 1;
    } else if (text[i] === "	") column2 += 8 - (column2 - 1) % 8;
    else column2++;
  }
  return { line, column: column2 };
}
function commasOr(items) {
  return items.length < 2 ? items.join("") : `${items.slice(0, -1).join(", ")} or ${items.at(-1)}`;
}
function parseError(source, text, stop) {
  const { line, column: column2 } = positionOf(text, stop.at);
  const expecting = stop.expected.length > 0 ? ` expecting ${commasOr(stop.expected)}` : "";
  return failures.parse(
    `${haskellString(source)} (line ${line}, column ${column2})`,
    `unexpected ${stop.unexpected}${expecting}`
  );
}
var Stop, ASCII_NAMES;
var init_parse_error = __esm({
  "src/server/rest/parse-query/parse-error.ts"() {
    "use strict";
    init_errors();
    Stop = class {
      constructor(at, unexpected, expected) {
        this.at = at;
        this.unexpected = unexpected;
        this.expected = expected;
      }
      at;
      unexpected;
      expected;
    };
    ASCII_NAMES = [
      "NUL",
      "SOH",
      "STX",
      "ETX",
      "EOT",
      "ENQ",
      "ACK",
      "a",
      "b",
      "t",
      "n",
      "v",
      "f",
      "r",
      "SO",
      "SI",
      "DLE",
      "DC1",
      "DC2",
      "DC3",
      "DC4",
      "NAK",
      "SYN",
      "ETB",
      "CAN",
      "EM",
      "SUB",
      "ESC",
      "FS",
      "GS",
      "RS",
      "US"
    ];
  }
});

// src/server/rest/parse-query/scanner.ts
function parseWith(source, text, parse, end = END) {
  const s = new Scanner(text);
  try {
    const result = parse(s);
    if (s.at < text.length) throw new Stop(s.at, leftoverAt(text, s.at), end);
    return result;
  } catch (failure) {
    if (failure instanceof Stop) throw parseError(source, text, failure);
    throw failure;
  }
}
var END, Scanner;
var init_scanner = __esm({
  "src/server/rest/parse-query/scanner.ts"() {
    "use strict";
    init_parse_error();
    END = ["end of input"];
    Scanner = class {
      constructor(text) {
        this.text = text;
      }
      text;
      at = 0;
      peek(offset = 0) {
        return this.text[this.at + offset];
      }
      startsWith(word, at = this.at) {
        return this.text.startsWith(word, at);
      }
      skipSpaces() {
        while (this.peek() === " " || this.peek() === "	") this.at++;
      }
      stop(expected, at = this.at) {
        return new Stop(at, tokenAt(this.text, at), expected);
      }
      /** Parsec's `string` fails at the word's start yet names the first character that differs. */
      mismatch(word, expected, at = this.at) {
        let offset = 0;
        while (offset < word.length && this.text[at + offset] === word[offset]) offset++;
        return new Stop(at, tokenAt(this.text, at + offset), expected);
      }
      expectChar(ch) {
        if (this.peek() !== ch) throw this.stop([haskellString(ch)]);
        this.at++;
      }
      /** The end of an item (Parsec's `pEnd`): only `,`, the end of the text or `closing` may follow. */
      expectItemEnd(expected, closing = null) {
        if (this.at < this.text.length && this.peek() !== "," && (closing === null || this.peek() !== closing)) {
          throw new Stop(this.at, leftoverAt(this.text, this.at), expected);
        }
      }
    };
  }
});

// src/server/rest/parse-query/column-list.ts
function parseColumnList(name, value) {
  return parseWith(`failed to parse ${name} parameter (${value})`, value, (s) => {
    const names = [fieldName(s)];
    for (s.skipSpaces(); s.peek() === ","; s.skipSpaces()) {
      s.at++;
      s.skipSpaces();
      names.push(fieldName(s));
    }
    return names;
  }, ['","', "end of input"]);
}
var init_column_list = __esm({
  "src/server/rest/parse-query/column-list.ts"() {
    "use strict";
    init_lexical();
    init_scanner();
  }
});

// src/server/rest/parse-query/tree-path.ts
function treePath(key) {
  return parseWith(`failed to parse tree path (${key})`, key, (s) => {
    const names = [fieldName(s)];
    while (s.peek() === ".") {
      s.at++;
      names.push(fieldName(s));
    }
    return names;
  }, ["delimiter (.)", "end of input"]);
}
function resourceParameter(key) {
  const last = key.slice(key.lastIndexOf(".") + 1);
  const parameter = RESOURCE_PARAMETERS.find((name) => name === last);
  if (!parameter) return null;
  const names = treePath(key).slice(0, -1);
  const logic = parameter === "and" || parameter === "or";
  return { path: logic ? names.filter((name) => name !== "not") : names, parameter, negated: logic && names.includes("not") };
}
var RESOURCE_PARAMETERS;
var init_tree_path = __esm({
  "src/server/rest/parse-query/tree-path.ts"() {
    "use strict";
    init_lexical();
    init_scanner();
    RESOURCE_PARAMETERS = ["order", "limit", "offset", "and", "or"];
  }
});

// src/server/rest/parse-query/filter.ts
function unsupportedOperator(spelled) {
  return failures.parse(
    `Unsupported filter operator (${spelled})`,
    `Supported operators: ${OPERATORS.join(", ")}, each optionally after not.; ${[...QUANTIFIABLE].join(", ")} also as op(any) or op(all) with a {\u2026} list; ${[...FULL_TEXT].join(", ")} also as op(config).`
  );
}
function ftsConfig(s, at) {
  if (s.text[at] !== "(") return null;
  const close = s.text.indexOf(")", at);
  const config = close === -1 ? "" : s.text.slice(at + 1, close).trim();
  if (config === "" || !/^[\p{L}\p{N}_$ ]+$/u.test(config) || s.text[close + 1] !== ".") return null;
  return { config, end: close + 2 };
}
function operator(s, negated) {
  const start = s.at;
  let end = start;
  while (s.text[end] !== void 0 && s.text[end] >= "a" && s.text[end] <= "z") end++;
  const word = s.text.slice(start, end);
  const known = OPERATORS.find((op) => op === word);
  if (known && s.text[end] === ".") {
    s.at = end + 1;
    return { operator: known };
  }
  if (known && QUANTIFIABLE.has(known) && (s.startsWith("(any).", end) || s.startsWith("(all).", end))) {
    s.at = end + 6;
    return { operator: known, quantifier: s.text.slice(end + 1, end + 4) };
  }
  const config = known && FULL_TEXT.has(known) ? ftsConfig(s, end) : null;
  if (known && config) {
    s.at = config.end;
    return { operator: known, config: config.config };
  }
  if (FOREIGN_OPERATORS.has(word)) {
    const dot = s.text.indexOf(".", end);
    throw unsupportedOperator(s.text.slice(start, dot === -1 ? s.text.length : dot));
  }
  const prefix = OPERATORS.filter((op) => word.startsWith(op)).sort((a, b) => b.length - a.length)[0];
  if (prefix) throw s.stop([OPERATOR_LABEL], start + prefix.length);
  if (!negated && word.startsWith("not")) throw s.stop(["delimiter (.)"], start + 3);
  throw negated ? s.mismatch("in", [OPERATOR_LABEL]) : s.mismatch("not", ['"not"', OPERATOR_LABEL]);
}
function isValue(s) {
  const keyword = IS_VALUES.find((word) => [...word].every((ch, i) => s.peek(i) === ch || s.peek(i) === ch.toUpperCase()));
  if (!keyword) throw s.stop(["isVal: (null, not_null, true, false, unknown)"]);
  s.at += keyword.length;
  return keyword;
}
function condition(s, column2, inLogicTree) {
  const negated = s.startsWith("not.");
  if (negated) s.at += 4;
  const { operator: op, ...modifiers } = operator(s, negated);
  let value;
  if (op === "in") value = listValue(s, column2);
  else if (op === "is") value = isValue(s);
  else if (inLogicTree) value = logicValue(s);
  else {
    value = s.text.slice(s.at);
    s.at = s.text.length;
  }
  return { kind: "condition", column: column2, negated, operator: op, value, ...modifiers };
}
function parseFilter(key, value) {
  const names = treePath(key);
  const column2 = names.pop();
  return { path: names, filter: parseWith(`failed to parse filter (${value})`, value, (s) => condition(s, column2, false)) };
}
var OPERATOR_LABEL, OPERATORS, QUANTIFIABLE, FULL_TEXT, FOREIGN_OPERATORS, IS_VALUES;
var init_filter = __esm({
  "src/server/rest/parse-query/filter.ts"() {
    "use strict";
    init_errors();
    init_lexical();
    init_scanner();
    init_tree_path();
    OPERATOR_LABEL = "operator (eq, gt, ...)";
    OPERATORS = [
      "eq",
      "neq",
      "gt",
      "gte",
      "lt",
      "lte",
      "like",
      "ilike",
      "match",
      "imatch",
      "in",
      "is",
      "isdistinct",
      "fts",
      "plfts",
      "phfts",
      "wfts"
    ];
    QUANTIFIABLE = /* @__PURE__ */ new Set(["eq", "gt", "gte", "lt", "lte", "like", "ilike", "match", "imatch"]);
    FULL_TEXT = /* @__PURE__ */ new Set(["fts", "plfts", "phfts", "wfts"]);
    FOREIGN_OPERATORS = /* @__PURE__ */ new Set(["cs", "cd", "ov", "sl", "sr", "nxr", "nxl", "adj"]);
    IS_VALUES = ["null", "not_null", "true", "false", "unknown"];
  }
});

// src/server/rest/parse-query/logic-tree.ts
function logicCondition(s) {
  s.skipSpaces();
  const column2 = fieldName(s);
  s.skipSpaces();
  if (s.peek() !== ".") throw s.stop(["delimiter (.)"]);
  s.at++;
  return condition(s, column2, true);
}
function logicItem(s, depth) {
  const start = s.at;
  try {
    return logicCondition(s);
  } catch (failure) {
    if (!(failure instanceof Stop)) throw failure;
    s.at = start;
    return logicGroup(s, depth + 1, failure);
  }
}
function logicGroup(s, depth, conditionFailure) {
  const negated = s.startsWith("not.");
  if (negated) s.at += 4;
  const op = s.startsWith("and") ? "and" : s.startsWith("or") ? "or" : null;
  if (op === null) {
    if (negated) throw s.mismatch("and", ["logic operator (and, or)"]);
    const own = s.mismatch("not", ["negation operator (not)", "logic operator (and, or)"]);
    throw conditionFailure ? furthest(conditionFailure, own) : own;
  }
  if (depth > MAX_LOGIC_DEPTH) throw tooDeep();
  s.at += op.length;
  s.skipSpaces();
  s.expectChar("(");
  s.skipSpaces();
  const filters = [logicItem(s, depth)];
  for (s.skipSpaces(); s.peek() === ","; s.skipSpaces()) {
    s.at++;
    s.skipSpaces();
    filters.push(logicItem(s, depth));
  }
  if (s.peek() !== ")") throw s.stop(['","', '")"']);
  s.at++;
  s.skipSpaces();
  return { kind: "group", negated, operator: op, filters };
}
function parseLogicTree(key, value) {
  return parseWith(`failed to parse logic tree (${value})`, key + value, (s) => logicGroup(s, 1, null));
}
var init_logic_tree = __esm({
  "src/server/rest/parse-query/logic-tree.ts"() {
    "use strict";
    init_bounds();
    init_filter();
    init_lexical();
    init_parse_error();
    init_scanner();
  }
});

// src/server/rest/parse-query/order.ts
function nullsAt(s, at) {
  for (const [word, nulls] of NULLS) {
    if (s.startsWith(word, at)) {
      s.at = at + word.length;
      return nulls;
    }
  }
  return null;
}
function orderTerm(s) {
  s.skipSpaces();
  let relation2 = null;
  let column2 = fieldName(s);
  if (s.peek() === "(") {
    s.at++;
    relation2 = column2;
    s.skipSpaces();
    column2 = fieldName(s);
    s.skipSpaces();
    s.expectChar(")");
  }
  s.skipSpaces();
  let direction = "asc";
  let nulls = null;
  if (s.peek() === ".") {
    const word = s.at + 1;
    const named = s.startsWith("asc", word) ? "asc" : s.startsWith("desc", word) ? "desc" : null;
    if (named) {
      direction = named;
      s.at = word + named.length;
      if (s.peek() === ".") {
        nulls = nullsAt(s, s.at + 1);
        if (!nulls) throw s.mismatch("nullsfirst", ['"nullsfirst"', '"nullslast"'], s.at + 1);
      }
    } else {
      nulls = nullsAt(s, word);
      if (!nulls) throw s.mismatch("asc", ['"asc"', '"desc"', '"nullsfirst"', '"nullslast"'], word);
    }
  }
  s.skipSpaces();
  s.expectItemEnd(nulls ? ['","', "end of input"] : ["delimiter (.)", '","', "end of input"]);
  return { relation: relation2, column: column2, direction, nulls };
}
function parseOrder(value) {
  return parseWith(`failed to parse order (${value})`, value, (s) => {
    const terms = [orderTerm(s)];
    while (s.peek() === ",") {
      s.at++;
      terms.push(orderTerm(s));
    }
    return terms;
  });
}
var NULLS;
var init_order = __esm({
  "src/server/rest/parse-query/order.ts"() {
    "use strict";
    init_lexical();
    init_scanner();
    NULLS = [["nullsfirst", "first"], ["nullslast", "last"]];
  }
});

// src/server/rest/parse-query/paging.ts
function parseInteger(name, value) {
  const digits = value.startsWith("-") ? 1 : 0;
  let end = digits;
  while (end < value.length && value[end] >= "0" && value[end] <= "9") end++;
  if (end === digits || end < value.length) {
    throw parseError(`failed to parse ${name} parameter (${value})`, value, new Stop(end, tokenAt(value, end), ["digit"]));
  }
  const number = Number(value);
  return Number.isSafeInteger(number) ? number + 0 : Math.sign(number) * Number.MAX_SAFE_INTEGER;
}
function parseLimit(value) {
  const limit = parseInteger("limit", value);
  if (limit < 0) throw failures.invalidRange("Limit should be greater than or equal to zero.");
  return limit;
}
function parseOffset(value) {
  const offset = parseInteger("offset", value);
  return offset < 0 ? null : offset;
}
var init_paging = __esm({
  "src/server/rest/parse-query/paging.ts"() {
    "use strict";
    init_errors();
    init_parse_error();
  }
});

// src/server/rest/parse-query/query-string.ts
function hexValue(byte) {
  if (byte >= 48 && byte <= 57) return byte - 48;
  if (byte >= 65 && byte <= 70) return byte - 55;
  if (byte >= 97 && byte <= 102) return byte - 87;
  return -1;
}
function percentDecode(text) {
  if (!text.includes("%") && !text.includes("+")) return text;
  const bytes = Buffer.from(text, "utf8");
  const decoded = Buffer.alloc(bytes.length);
  let length = 0;
  for (let i = 0; i < bytes.length; i++) {
    const byte = bytes[i];
    const high = byte === 37 && i + 2 < bytes.length ? hexValue(bytes[i + 1]) : -1;
    const low = high >= 0 ? hexValue(bytes[i + 2]) : -1;
    if (low >= 0) {
      decoded[length++] = high * 16 + low;
      i += 2;
    } else {
      decoded[length++] = byte === 43 ? 32 : byte;
    }
  }
  return decoded.toString("utf8", 0, length);
}
function splitQueryString(search) {
  const params = [];
  for (const item of search.split(/[&;]/)) {
    if (item === "") continue;
    const equals = item.indexOf("=");
    params.push(equals === -1 ? [percentDecode(item), null] : [percentDecode(item.slice(0, equals)), percentDecode(item.slice(equals + 1))]);
  }
  return params;
}
var init_query_string = __esm({
  "src/server/rest/parse-query/query-string.ts"() {
    "use strict";
  }
});

// src/server/rest/parse-query/select.ts
function embedParams(s) {
  let hint = null;
  let join5 = null;
  for (let i = 0; i < 2 && s.peek() === "!"; i++) {
    s.at++;
    const word = fieldName(s);
    if (word === "inner" || word === "left") join5 ??= word;
    else hint ??= word;
  }
  return { hint, join: join5 };
}
function embed(s, relation2, alias, spread, depth) {
  const params = embedParams(s);
  if (depth > MAX_EMBED_DEPTH) throw tooDeeplyEmbedded();
  s.expectChar("(");
  const select = forest(s, depth);
  s.expectChar(")");
  return { kind: "embed", relation: relation2, alias, ...params, spread, select };
}
function itemEnd(s, depth, expected) {
  s.skipSpaces();
  s.expectItemEnd(depth > 0 ? [...expected.slice(0, -1), '")"', ...expected.slice(-1)] : expected, depth > 0 ? ")" : null);
}
function column(s, name, alias, depth) {
  if (name === "count" && s.startsWith("()") || AGGREGATE.test(s.text.slice(s.at))) throw failures.aggregatesDisabled();
  let cast = null;
  if (s.startsWith("::")) {
    s.at += 2;
    cast = identifier(s, ["letter or digit"]);
  }
  itemEnd(s, depth, cast === null ? ['"::"', '","', "end of input"] : ['","', "end of input"]);
  return { kind: "column", column: name, alias, cast };
}
function selectItem(s, depth) {
  s.skipSpaces();
  if (s.peek() === "*") {
    s.at++;
    itemEnd(s, depth, ['","', "end of input"]);
    return { kind: "column", column: "*", alias: null, cast: null };
  }
  if (s.startsWith("...")) {
    s.at += 3;
    const item = embed(s, fieldName(s), null, true, depth + 1);
    itemEnd(s, depth, ['","', "end of input"]);
    return item;
  }
  let name = fieldName(s);
  let alias = null;
  if (s.peek() === ":" && s.peek(1) !== ":") {
    s.at++;
    alias = name;
    name = fieldName(s);
  }
  const isCount = name === "count" && s.startsWith("()");
  if (!isCount && (s.peek() === "(" || s.peek() === "!")) {
    const item = embed(s, name, alias, false, depth + 1);
    itemEnd(s, depth, ['","', "end of input"]);
    return item;
  }
  return column(s, name, alias, depth);
}
function forest(s, depth) {
  s.skipSpaces();
  if (depth > 0 && s.peek() === ")") return [];
  const items = [selectItem(s, depth)];
  while (s.peek() === ",") {
    s.at++;
    items.push(selectItem(s, depth));
  }
  return items;
}
function countItems(items, counts = { items: 0, embeds: 0 }) {
  for (const item of items) {
    counts.items++;
    if (item.kind === "embed") {
      counts.embeds++;
      countItems(item.select, counts);
    }
  }
  return counts;
}
function parseSelect(value) {
  if (value === "") return [];
  const items = parseWith(`failed to parse select parameter (${value})`, value, (s) => forest(s, 0));
  const counts = countItems(items);
  if (counts.items > MAX_SELECT_COLUMNS) throw tooManyColumns();
  if (counts.embeds > MAX_EMBEDS) throw tooManyEmbeds();
  return items;
}
var AGGREGATE;
var init_select = __esm({
  "src/server/rest/parse-query/select.ts"() {
    "use strict";
    init_errors();
    init_bounds();
    init_lexical();
    init_scanner();
    AGGREGATE = /^\.(sum|avg|max|min|count)\(\)/;
  }
});

// src/server/rest/parse-query.ts
var parse_query_exports = {};
__export(parse_query_exports, {
  MAX_IN_ITEMS: () => MAX_IN_ITEMS,
  MAX_LOGIC_DEPTH: () => MAX_LOGIC_DEPTH,
  parseQuery: () => parseQuery
});
function parseQuery(search) {
  const query = {
    filters: [],
    select: null,
    order: [],
    limit: null,
    offset: null,
    columns: null,
    onConflict: null,
    embedded: []
  };
  const seen = /* @__PURE__ */ new Set();
  const first = (key) => {
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  };
  const resource = (path) => {
    if (path.length === 0) return query;
    const key = JSON.stringify(path);
    let embedded = query.embedded.find((entry) => JSON.stringify(entry.path) === key);
    if (!embedded) {
      embedded = { path, filters: [], order: [], limit: null, offset: null };
      query.embedded.push(embedded);
    }
    return embedded;
  };
  for (const [key, value] of splitQueryString(search)) {
    if (value === null || key === "apikey") continue;
    switch (key) {
      case "select":
        if (first(key)) query.select = parseSelect(value);
        continue;
      case "columns":
        if (first(key)) query.columns = parseColumnList(key, value);
        continue;
      case "on_conflict":
        if (first(key)) query.onConflict = parseColumnList(key, value);
        continue;
    }
    const parameter = resourceParameter(key);
    if (!parameter) {
      const { path, filter } = parseFilter(key, value);
      resource(path).filters.push(filter);
      continue;
    }
    const target = resource(parameter.path);
    switch (parameter.parameter) {
      case "order": {
        const terms = parseOrder(value);
        if (first(`${JSON.stringify(parameter.path)}order`)) target.order = terms;
        break;
      }
      case "limit":
        target.limit = parseLimit(value);
        break;
      case "offset":
        target.offset = parseOffset(value);
        break;
      case "and":
      case "or":
        target.filters.push(parseLogicTree(parameter.negated ? `not.${parameter.parameter}` : parameter.parameter, value));
    }
  }
  return query;
}
var init_parse_query = __esm({
  "src/server/rest/parse-query.ts"() {
    "use strict";
    init_column_list();
    init_filter();
    init_logic_tree();
    init_order();
    init_paging();
    init_query_string();
    init_select();
    init_tree_path();
    init_bounds();
  }
});

// src/server/rest/closest-name.ts
function levenshtein(a, b) {
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    previous = current;
  }
  return previous[b.length];
}
function closest(name, candidates, exactAllowed) {
  let best = null;
  for (const candidate of new Set(candidates)) {
    const a = name.toLowerCase();
    const b = candidate.toLowerCase();
    const score = 1 - levenshtein(a, b) / Math.max(a.length, b.length, 1);
    if (score < 1 / 3 || !exactAllowed && score === 1) continue;
    if (!best || score > best.score) best = { candidate, score };
  }
  return best?.candidate ?? null;
}
var init_closest_name = __esm({
  "src/server/rest/closest-name.ts"() {
    "use strict";
  }
});

// src/server/rest/relationships.ts
function matches(relationship, target, hint) {
  const single = singleColumn(relationship);
  if (relationship.isSelf) {
    if (hint === null) {
      return target === relationship.foreignTable && relationship.cardinality === "one-to-many" || single?.[0] === target && relationship.cardinality === "many-to-one";
    }
    return target === relationship.foreignTable && relationship.cardinality === "one-to-many" && single?.[1] === hint;
  }
  if (hint === null) return target === relationship.foreignTable || target === relationship.constraint || single?.[0] === target;
  return target === relationship.foreignTable && (hint === relationship.constraint || single?.[0] === hint || single?.[1] === hint);
}
function findRelationship(schema2, origin, target, hint) {
  const found = (schema2.relationships.get(origin) ?? []).filter((relationship) => matches(relationship, target, hint));
  if (found.length === 1) return found[0];
  if (found.length === 0) throw noRelationship(schema2, origin, target, hint);
  throw ambiguous(origin, target, found);
}
function noRelationship(schema2, origin, target, hint) {
  return new ServiceError(
    400,
    "PGRST200",
    `Could not find a relationship between '${origin}' and '${target}' in the schema cache`,
    `Searched for a foreign key relationship between '${origin}' and '${target}'${hint === null ? "" : ` using the hint '${hint}'`} in the schema '${SCHEMA}', but no matches were found.`,
    perhapsYouMeant(schema2, origin, target)
  );
}
function perhapsYouMeant(schema2, origin, target) {
  const targets = schema2.relationships.get(origin);
  if (targets) {
    const suggestion2 = closest(target, targets.map((r) => r.foreignTable), false);
    return suggestion2 && `Perhaps you meant '${suggestion2}' instead of '${target}'.`;
  }
  const suggestion = closest(origin, [...schema2.relationships.keys()], true);
  return suggestion && `Perhaps you meant '${suggestion}' instead of '${origin}'.`;
}
function described(relationship) {
  return {
    cardinality: relationship.cardinality,
    embedding: `${relationship.table} with ${relationship.foreignTable}`,
    relationship: `${relationship.constraint} using ${relationship.table}${columnList(relationship.columns.map(([c]) => c))} and ${relationship.foreignTable}${columnList(relationship.columns.map(([, c]) => c))}`
  };
}
function ambiguous(origin, target, found) {
  const hints = found.map((relationship) => `'${relationship.foreignTable}!${relationship.constraint}'`).join(", ");
  return new ServiceError(
    300,
    "PGRST201",
    `Could not embed because more than one relationship was found for '${origin}' and '${target}'`,
    found.map(described),
    `Try changing '${target}' to one of the following: ${hints}. Find the desired relationship in the 'details' key.`
  );
}
var SCHEMA, singleColumn, columnList;
var init_relationships = __esm({
  "src/server/rest/relationships.ts"() {
    "use strict";
    init_errors();
    init_closest_name();
    SCHEMA = "public";
    singleColumn = (relationship) => relationship.columns.length === 1 ? relationship.columns[0] : null;
    columnList = (columns) => `(${columns.join(", ")})`;
  }
});

// src/server/rest/plan-shape.ts
function resolveColumn(table, name) {
  const column2 = table.columnsByName.get(name);
  if (!column2) throw failures.unknownColumn(name, table.name);
  return column2;
}
function projection(table, item) {
  if (item.column === "*") return table.columns.map((column3) => ({ column: column3, alias: column3.name, cast: null }));
  if (item.cast !== null && !SIMPLE_TYPE.test(item.cast)) throw failures.parse(`invalid cast type (${item.cast})`);
  const column2 = item.column === "count" && !table.columnsByName.has("count") ? null : resolveColumn(table, item.column);
  return [{ column: column2, alias: item.alias ?? item.column, cast: item.cast }];
}
function outputNames(shape) {
  return [
    ...shape.projections.map((p) => p.alias),
    ...shape.embeds.flatMap((embed2) => embed2.spread ? outputNames(embed2) : isEmpty(embed2) ? [] : [embed2.name])
  ];
}
function isEmpty(embed2) {
  return outputNames(embed2).length === 0;
}
function planFilters(table, embeds, filters) {
  return filters.map((filter) => {
    if (filter.kind === "group") return { ...filter, filters: planFilters(table, embeds, filter.filters) };
    const embed2 = embeds.find((e) => e.name === filter.column);
    if (embed2 && filter.operator === "is" && filter.value === "null") return { kind: "embed-found", found: filter.negated, embed: embed2 };
    resolveColumn(table, filter.column);
    return filter;
  });
}
function planOrder(table, embeds, order) {
  return order.map((term) => {
    if (term.relation === null) {
      resolveColumn(table, term.column);
      return { ...term, embed: null };
    }
    const embed2 = embeds.find((e) => e.name === term.relation);
    if (!embed2) throw notEmbedded(term.relation);
    if (!embed2.toOne) {
      throw new ServiceError(
        400,
        "PGRST118",
        `A related order on '${embed2.name}' is not possible`,
        `'${table.name}' and '${embed2.name}' do not form a many-to-one or one-to-one relationship`
      );
    }
    if (!outputNames(embed2).includes(term.column)) throw failures.unknownColumn(term.column, embed2.table.name);
    return { ...term, embed: embed2 };
  });
}
function embedsBack(path) {
  return failures.parse(
    `Resource embedding returns to a table already embedded: ${path.join(" -> ")}`,
    `Embed each table at most once along one path; read '${path.at(-1)}' again in a request of its own.`
  );
}
function manyBelowOne(path) {
  return failures.parse(
    `Resource embedding goes down to many rows below a to-one embed: ${path.join(" -> ")}`,
    `Embed '${path.at(-1)}' from '${path.at(-2)}' in a request of its own, or from the top of this one.`
  );
}
function notEmbedded(name) {
  return new ServiceError(
    400,
    "PGRST108",
    `'${name}' is not an embedded resource in this request`,
    null,
    `Verify that '${name}' is included in the 'select' query parameter.`
  );
}
function windowOf(query) {
  const offset = query.offset ?? 0;
  return { offset, limit: Math.min(MAX_ROWS, query.limit ?? MAX_ROWS) };
}
function applyEmbedded(shape, entry) {
  let embeds = shape.embeds;
  let embed2;
  for (const name of entry.path) {
    embed2 = embeds.find((e) => e.name === name);
    if (!embed2) throw notEmbedded(name);
    embeds = embed2.embeds;
  }
  embed2.filters.push(...planFilters(embed2.table, embed2.embeds, entry.filters));
  if (entry.order.length > 0) embed2.order = planOrder(embed2.table, embed2.embeds, entry.order);
  if (entry.limit !== null || entry.offset !== null) Object.assign(embed2, windowOf(entry));
}
function planResource(schema2, table, select, query) {
  const shape = new ShapePlanner(schema2).shape(table, select);
  for (const entry of query.embedded) applyEmbedded(shape, entry);
  return { shape, filters: planFilters(table, shape.embeds, query.filters), order: planOrder(table, shape.embeds, query.order) };
}
var MAX_ROWS, SIMPLE_TYPE, STAR, ShapePlanner;
var init_plan_shape = __esm({
  "src/server/rest/plan-shape.ts"() {
    "use strict";
    init_errors();
    init_bounds();
    init_relationships();
    MAX_ROWS = 1e3;
    SIMPLE_TYPE = /^[a-z_][a-z0-9_]*$/i;
    STAR = { kind: "column", column: "*", alias: null, cast: null };
    ShapePlanner = class {
      constructor(schema2) {
        this.schema = schema2;
      }
      schema;
      joins = 0;
      /**
       * `path`: the tables from the request's own down to `table`, which an embed may not return to;
       * `belowToOne`: whether a to-one embed is on it.
       */
      shape(table, select, path = [table.name], belowToOne = false) {
        const shape = { projections: [], embeds: [] };
        for (const item of select ?? [STAR]) {
          if (item.kind === "column") shape.projections.push(...projection(table, item));
          else shape.embeds.push(this.embed(table, item, path, belowToOne));
        }
        if (outputNames(shape).length > MAX_SELECT_COLUMNS) throw tooManyColumns();
        return shape;
      }
      embed(origin, item, path, belowToOne) {
        const relationship = findRelationship(this.schema, origin.name, item.relation, item.hint);
        const table = this.schema.tables.get(relationship.foreignTable);
        const visits = path.filter((name) => name === table.name).length;
        const selfEmbed = table.name === origin.name && visits === 1;
        if (visits > 0 && !selfEmbed) throw embedsBack([...path, table.name]);
        const toOne = relationship.cardinality !== "one-to-many";
        if (belowToOne && !toOne) throw manyBelowOne([...path, table.name]);
        const n = ++this.joins;
        return {
          name: item.alias ?? item.relation,
          table,
          relationship,
          toOne,
          inner: item.join === "inner",
          spread: item.spread,
          filters: [],
          order: [],
          offset: 0,
          limit: MAX_ROWS,
          alias: `pgrst_${n}`,
          joinAlias: `pgrst_join_${n}`,
          ...this.shape(table, item.select, [...path, table.name], belowToOne || toOne)
        };
      }
    };
  }
});

// src/server/rest/plan.ts
var plan_exports = {};
__export(plan_exports, {
  MAX_ROWS: () => MAX_ROWS,
  planRequest: () => planRequest,
  readWindow: () => readWindow
});
function resolveTable(schema2, name) {
  const table = schema2.tables.get(name);
  if (!table) throw failures.unknownTable(name);
  return table;
}
function readWindow(query, range) {
  let first = query.offset ?? 0;
  let last = query.limit === null ? Infinity : first + query.limit - 1;
  if (range) {
    first = Math.max(first, range.first);
    last = Math.min(last, range.last ?? Infinity);
  }
  return { offset: first, limit: Math.max(0, Math.min(MAX_ROWS, last - first + 1)) };
}
function tenantOf(table, userId) {
  return userId !== null && table.columnsByName.has(TENANT_COLUMN) ? userId : null;
}
function bodyColumns(table, keys) {
  return keys.map((key) => {
    const column2 = table.columnsByName.get(key);
    if (!column2) throw failures.unknownBodyColumn(key, table.name);
    return column2;
  });
}
function isObject(value) {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
function insertRows(body, columnsGiven) {
  const rows = Array.isArray(body) ? body : [body];
  if (rows.length > INSERT_ROWS_LIMIT) throw failures.tooManyRows(rows.length, INSERT_ROWS_LIMIT);
  if (!rows.every(isObject)) throw failures.invalidBody("Request body must be a JSON object or an array of objects");
  const keys = Object.keys(rows[0] ?? {}).sort().join(",");
  if (!columnsGiven && rows.some((row) => Object.keys(row).sort().join(",") !== keys)) throw failures.keysMustMatch();
  return rows;
}
function planInsert(schema2, table, input, base) {
  const rows = insertRows(input.body, input.query.columns !== null);
  const columns = bodyColumns(table, input.query.columns ?? Object.keys(rows[0] ?? {}));
  const resolution = input.prefer.resolution;
  const conflictNames = input.query.onConflict ?? table.primaryKey;
  return {
    ...base,
    kind: "insert",
    columns,
    rows: JSON.stringify(rows),
    conflict: resolution ? { columns: conflictNames.map((name) => resolveColumn(table, name)), resolution } : null,
    returning: returning(schema2, table, input),
    location: input.prefer.return === "headers-only" && table.primaryKey.length > 0 ? table.primaryKey : null,
    defaults: input.prefer.missing === "default" ? columns.filter((column2) => column2.default !== null) : [],
    put: null
  };
}
function planPut(schema2, table, input, base) {
  const { query } = input;
  if (query.limit !== null || query.offset !== null) throw failures.putPaging();
  const conditions = query.filters.filter((filter) => filter.kind === "condition" && filter.operator === "eq" && !filter.negated);
  const named = new Set(conditions.map((condition2) => condition2.column));
  const key = table.primaryKey;
  const keyWithoutTenant = key.filter((name) => name !== TENANT_COLUMN);
  const namesKey = (names) => names.length === named.size && names.every((name) => named.has(name));
  if (key.length === 0 || conditions.length !== query.filters.length || conditions.length !== named.size || !(namesKey(key) || namesKey(keyWithoutTenant))) {
    throw failures.putFilters();
  }
  const first = Array.isArray(input.body) ? input.body[0] : input.body;
  if (!isObject(first)) throw failures.invalidBody("Request body of PUT must be a JSON object");
  const plan = planInsert(schema2, table, { ...input, body: first, prefer: { ...input.prefer, resolution: "merge-duplicates" }, query: { ...query, onConflict: null } }, base);
  return { ...plan, put: conditions.map((condition2) => (resolveColumn(table, condition2.column), condition2)) };
}
function returning(schema2, table, input) {
  if (input.prefer.return !== "representation" && !input.single) return null;
  return planResource(schema2, table, input.query.select, { ...input.query, filters: [], order: [] }).shape;
}
function writeFilters(schema2, table, query) {
  return planResource(schema2, table, [], { ...query, order: [], embedded: [] }).filters;
}
function planRequest(schema2, input) {
  const table = resolveTable(schema2, input.table);
  const base = { table, tenant: tenantOf(table, input.userId), single: input.single, csv: input.csv === true };
  const { query } = input;
  switch (input.method) {
    case "GET":
    case "HEAD": {
      const resource = planResource(schema2, table, query.select, query);
      return {
        ...base,
        kind: "read",
        ...resource,
        ...readWindow(query, input.range),
        count: input.prefer.count === "exact",
        withBody: input.method === "GET"
      };
    }
    case "POST":
      return planInsert(schema2, table, input, base);
    case "PUT":
      return planPut(schema2, table, input, base);
    case "PATCH": {
      if (query.filters.length === 0) throw failures.missingWhere("UPDATE");
      const patch = Array.isArray(input.body) && input.body.length === 1 ? input.body[0] : input.body;
      if (!isObject(patch)) throw failures.invalidBody("Request body of PATCH must be a JSON object");
      return {
        ...base,
        kind: "update",
        columns: bodyColumns(table, Object.keys(patch)),
        row: JSON.stringify(patch),
        filters: writeFilters(schema2, table, query),
        returning: returning(schema2, table, input)
      };
    }
    case "DELETE":
      if (query.filters.length === 0) throw failures.missingWhere("DELETE");
      return { ...base, kind: "delete", filters: writeFilters(schema2, table, query), returning: returning(schema2, table, input) };
  }
}
var TENANT_COLUMN;
var init_plan = __esm({
  "src/server/rest/plan.ts"() {
    "use strict";
    init_errors();
    init_limits();
    init_plan_shape();
    TENANT_COLUMN = "therapist_id";
  }
});

// src/server/rest/sql.ts
var sql_exports = {};
__export(sql_exports, {
  Parameters: () => Parameters,
  bodySql: () => bodySql,
  conditionsSql: () => conditionsSql,
  orderSql: () => orderSql,
  quote: () => quote,
  shapeSql: () => shapeSql,
  toStatement: () => toStatement
});
function quantifiedSql(condition2, target, params, column2) {
  const quantifier = condition2.quantifier === "all" ? "all" : "any";
  const value = condition2.value;
  if (condition2.operator === "like" || condition2.operator === "ilike") {
    return `${target}::text ${condition2.operator} ${quantifier}(${params.add(value.replaceAll("*", "%"))}::text[])`;
  }
  const textual = condition2.operator === "match" || condition2.operator === "imatch";
  const element = textual ? "text" : column2.type;
  return `${textual ? `${target}::text` : target} ${COMPARISONS[condition2.operator]} ${quantifier}(${params.add(value)}::${element}[])`;
}
function textSearchSql(condition2, target, params) {
  const config = condition2.config === void 0 ? "" : `${params.add(condition2.config)}::regconfig, `;
  return `to_tsvector(${config}${target}) @@ ${TEXT_SEARCH[condition2.operator]}(${config}${params.add(condition2.value)})`;
}
function operatorSql(condition2, target, params, column2) {
  const value = condition2.value;
  const scalar = () => params.add(value);
  if (condition2.quantifier !== void 0) return quantifiedSql(condition2, target, params, column2);
  switch (condition2.operator) {
    case "like":
      return `${target}::text like ${params.add(value.replaceAll("*", "%"))}`;
    case "ilike":
      return `${target}::text ilike ${params.add(value.replaceAll("*", "%"))}`;
    case "match":
      return `${target}::text ~ ${scalar()}`;
    case "imatch":
      return `${target}::text ~* ${scalar()}`;
    case "isdistinct":
      return `${target} is distinct from ${scalar()}`;
    // `= any($n)` binds the whole list as one array parameter: one statement text for any length.
    case "in":
      return `${target} = any(${params.add(value)}::${column2.type}[])`;
    case "is":
      return `${target} is ${IS_KEYWORDS[value] ?? "null"}`;
    case "fts":
    case "plfts":
    case "phfts":
    case "wfts":
      return textSearchSql(condition2, target, params);
    default:
      return `${target} ${COMPARISONS[condition2.operator]} ${scalar()}`;
  }
}
function conditionSql(condition2, relation2, params, columnOf) {
  const sql = operatorSql(condition2, `${relation2}.${quote(condition2.column)}`, params, columnOf(condition2.column));
  return condition2.negated ? `not (${sql})` : sql;
}
function filterSql(filter, relation2, params, columnOf) {
  if (filter.kind === "condition") return conditionSql(filter, relation2, params, columnOf);
  if (filter.kind === "embed-found") return foundSql(filter.embed, filter.found);
  const parts = filter.filters.map((f) => filterSql(f, relation2, params, columnOf));
  const joined = parts.length === 0 ? filter.operator === "and" ? "true" : "false" : parts.join(` ${filter.operator} `);
  return filter.negated ? `not (${joined})` : `(${joined})`;
}
function foundSql(embed2, found) {
  const join5 = quote(embed2.joinAlias);
  if (embed2.toOne) return `${join5} is ${found ? "" : "not "}distinct from null`;
  return `${join5}.pgrst_rows ${found ? "> 0" : "= 0"}`;
}
function conditionsSql(table, relation2, filters, params) {
  const columnOf = (name) => table.columnsByName.get(name);
  return filters.map((f) => filterSql(f, relation2, params, columnOf));
}
function whereSql(plan, params) {
  const relation2 = quote(plan.table.name);
  const conditions = conditionsSql(plan.table, relation2, plan.filters, params);
  if (plan.tenant !== null) conditions.unshift(`${relation2}."therapist_id" = ${params.add(plan.tenant)}`);
  return conditions.length > 0 ? ` where ${conditions.join(" and ")}` : "";
}
function projectionSql({ column: column2, alias, cast }, relation2) {
  const name = column2 ? `${relation2}.${quote(column2.name)}` : "count(*)";
  const expression = cast ? `${name}::${cast}` : column2?.type === TIME_OF_DAY ? `to_char(${name}, 'HH24:MI')` : name;
  return `${expression} as ${quote(alias)}`;
}
function orderSql(order, relation2) {
  if (order.length === 0) return "";
  const terms = order.map((t) => `${t.embed ? quote(t.embed.joinAlias) : relation2}.${quote(t.column)} ${t.direction}${t.nulls ? ` nulls ${t.nulls}` : ""}`);
  return ` order by ${terms.join(", ")}`;
}
function embedColumns(embed2) {
  const join5 = quote(embed2.joinAlias);
  if (embed2.spread) {
    return outputNames(embed2).map((name) => embed2.toOne ? `${join5}.${quote(name)} as ${quote(name)}` : `coalesce(${join5}.${quote(name)}, '[]') as ${quote(name)}`);
  }
  if (isEmpty(embed2)) return [];
  const value = embed2.toOne ? `row_to_json(${join5}.*)` : `coalesce(${join5}.pgrst_body, '[]')`;
  return [`${value} as ${quote(embed2.name)}`];
}
function embedRowsSql(embed2, parent, params) {
  const relation2 = quote(embed2.alias);
  const { columns, joins } = shapeSql(embed2, relation2, params);
  const keys = embed2.relationship.columns.map(([own, foreign]) => `${relation2}.${quote(foreign)} = ${parent}.${quote(own)}`);
  const conditions = [...keys, ...conditionsSql(embed2.table, relation2, embed2.filters, params)];
  return `select ${columns.length > 0 ? columns.join(", ") : "null as pgrst_none"} from public.${quote(embed2.table.name)} ${relation2}${joins} where ${conditions.join(" and ")}${orderSql(embed2.order, relation2)}${embedWindowSql(embed2)}`;
}
function embedWindowSql(embed2) {
  if (embed2.toOne && embed2.offset === 0 && embed2.limit === MAX_ROWS) return "";
  return ` limit ${embed2.limit} offset ${embed2.offset}`;
}
function joinSql(embed2, parent, params) {
  const join5 = quote(embed2.joinAlias);
  const rows = embedRowsSql(embed2, parent, params);
  const kind = embed2.inner ? "inner" : "left";
  if (embed2.toOne) return ` ${kind} join lateral (${rows}) ${join5} on true`;
  const aggregates = ["count(*) as pgrst_rows"];
  if (embed2.spread) aggregates.push(...outputNames(embed2).map((name) => `json_agg(_e.${quote(name)}) as ${quote(name)}`));
  else if (!isEmpty(embed2)) aggregates.push("json_agg(_e) as pgrst_body");
  return ` ${kind} join lateral (select ${aggregates.join(", ")} from (${rows}) _e) ${join5} on ${embed2.inner ? `${join5}.pgrst_rows > 0` : "true"}`;
}
function shapeSql(shape, relation2, params) {
  const columns = shape.projections.map((p) => projectionSql(p, relation2));
  let joins = "";
  for (const embed2 of shape.embeds) {
    joins += joinSql(embed2, relation2, params);
    columns.push(...embedColumns(embed2));
  }
  return { columns, joins };
}
function bodySql({ single, csv }) {
  if (csv) return CSV_BODY;
  return single ? `(json_agg(_t) -> 0)::text` : `coalesce(json_agg(_t), '[]')::text`;
}
function readSql(plan) {
  const params = new Parameters();
  const table = `public.${quote(plan.table.name)}`;
  const relation2 = quote(plan.table.name);
  const { columns, joins } = shapeSql(plan.shape, relation2, params);
  const where = whereSql(plan, params);
  const total = plan.count ? `(select count(*) from ${table}${joins}${where})::int` : "null::int";
  const page = `select ${columns.join(", ")} from ${table}${joins}${where}${orderSql(plan.order, relation2)} limit ${params.add(plan.limit)} offset ${params.add(plan.offset)}`;
  const body = plan.withBody ? bodySql(plan) : "null::text";
  return {
    text: `select count(*)::int as page_total, ${total} as total, null::int as inserted, ${body} as body, null::text as location_id from (${page}) _t`,
    values: params.values
  };
}
function writeResultSql(source, returning2, media, params, extra) {
  let body = "null::text";
  if (returning2) {
    const { columns, joins } = shapeSql(returning2, "pgrst_source", params);
    body = `(select ${bodySql(media)} from (select ${columns.join(", ")} from pgrst_source${joins}) _t)`;
  }
  return `with pgrst_source as (${source}) select (select count(*) from pgrst_source)::int as page_total, null::int as total, ${extra.inserted ? "(select count(*) from pgrst_source where pgrst_inserted)::int" : "null::int"} as inserted, ${body} as body, ${extra.location ? locationSql(extra.location) : "null::text"} as location_id`;
}
function locationSql(key) {
  const values = key.map((name) => `${quote(name)}::text`).join(", ");
  return `(select json_build_array(${values})::text from pgrst_source where (select count(*) from pgrst_source) = 1)`;
}
function insertSql(plan) {
  const params = new Parameters();
  const table = `public.${quote(plan.table.name)}`;
  const names = plan.columns.map((c) => quote(c.name)).join(", ");
  const columnList2 = plan.columns.length > 0 ? ` (${names})` : "";
  let source = `insert into ${table}${columnList2} select ${names} from json_populate_recordset(null::${table}, ${rowsSql(plan, params)}) _`;
  if (plan.put) source += ` where ${plan.put.map((condition2) => `_.${quote(condition2.column)} = ${params.add(condition2.value)}`).join(" and ")}`;
  if (plan.conflict) {
    const target = plan.conflict.columns.map((c) => quote(c.name)).join(", ");
    const conflictNames = new Set(plan.conflict.columns.map((c) => c.name));
    const updates = plan.columns.filter((c) => !conflictNames.has(c.name)).map((c) => `${quote(c.name)} = excluded.${quote(c.name)}`);
    source += plan.conflict.resolution === "merge-duplicates" && updates.length > 0 ? ` on conflict (${target}) do update set ${updates.join(", ")}` : ` on conflict (${target}) do nothing`;
  }
  source += ` returning ${table}.*, (xmax = 0) as pgrst_inserted`;
  return { text: writeResultSql(source, plan.returning, plan, params, { inserted: true, location: plan.location }), values: params.values };
}
function rowsSql(plan, params) {
  const rows = params.add(plan.rows);
  if (plan.defaults.length === 0) return `${rows}::json`;
  const defaults = plan.defaults.map((column2) => `'${column2.name.replaceAll("'", "''")}', ${column2.default}`).join(", ");
  return `(select jsonb_agg(jsonb_build_object(${defaults}) || elem) from jsonb_array_elements(${rows}::jsonb) elem)::json`;
}
function updateSql(plan) {
  const params = new Parameters();
  const table = `public.${quote(plan.table.name)}`;
  if (plan.columns.length === 0) {
    return { text: writeResultSql(`select * from ${table} where false`, plan.returning, plan, params, { inserted: false, location: null }), values: params.values };
  }
  const row = params.add(plan.row);
  const assignments = plan.columns.map((c) => `${quote(c.name)} = pgrst_body.${quote(c.name)}`).join(", ");
  const source = `update ${table} set ${assignments} from json_populate_record(null::${table}, ${row}::json) pgrst_body${whereSql(plan, params)} returning ${table}.*`;
  return { text: writeResultSql(source, plan.returning, plan, params, { inserted: false, location: null }), values: params.values };
}
function deleteSql(plan) {
  const params = new Parameters();
  const table = `public.${quote(plan.table.name)}`;
  const source = `delete from ${table}${whereSql(plan, params)} returning ${table}.*`;
  return { text: writeResultSql(source, plan.returning, plan, params, { inserted: false, location: null }), values: params.values };
}
function toStatement(plan) {
  switch (plan.kind) {
    case "read":
      return readSql(plan);
    case "insert":
      return insertSql(plan);
    case "update":
      return updateSql(plan);
    case "delete":
      return deleteSql(plan);
  }
}
var Parameters, quote, TIME_OF_DAY, IS_KEYWORDS, COMPARISONS, TEXT_SEARCH, CSV_BODY;
var init_sql = __esm({
  "src/server/rest/sql.ts"() {
    "use strict";
    init_plan_shape();
    Parameters = class {
      values = [];
      add(value) {
        this.values.push(value);
        return `$${this.values.length}`;
      }
    };
    quote = (name) => `"${name.replaceAll('"', '""')}"`;
    TIME_OF_DAY = "time without time zone";
    IS_KEYWORDS = {
      null: "null",
      not_null: "not null",
      true: "true",
      false: "false",
      unknown: "unknown"
    };
    COMPARISONS = {
      eq: "=",
      neq: "<>",
      gt: ">",
      gte: ">=",
      lt: "<",
      lte: "<=",
      match: "~",
      imatch: "~*"
    };
    TEXT_SEARCH = {
      fts: "to_tsquery",
      plfts: "plainto_tsquery",
      phfts: "phraseto_tsquery",
      wfts: "websearch_to_tsquery"
    };
    CSV_BODY = `(select coalesce(string_agg(k, ','), '') from json_object_keys(json_agg(_t) -> 0) k) || chr(10) || coalesce(string_agg(substring(_t::text, 2, length(_t::text) - 2), chr(10)), '')`;
  }
});

// src/server/db/migrations/0001/tables.ts
var ID, OWNER, PRACTICE_TABLES, COMMON_COMMENTS, tables;
var init_tables = __esm({
  "src/server/db/migrations/0001/tables.ts"() {
    "use strict";
    ID = `id uuid not null default gen_random_uuid()`;
    OWNER = `therapist_id uuid not null default auth.uid(),
  created_at timestamptz not null default now()`;
    PRACTICE_TABLES = [
      "clients",
      "service_menu",
      "business_hours",
      "appointments",
      "sessions",
      "expenses",
      "conversation_log"
    ];
    COMMON_COMMENTS = PRACTICE_TABLES.map((table) => `
comment on column public.${table}.id is 'Chosen by the server unless the client sends one (which makes a retried create safe).';
comment on column public.${table}.therapist_id is 'The practice the row belongs to: its therapist''s user id. Defaults to the caller.';`).join("");
    tables = `
create table public.clients (
  ${ID},
  name text not null,
  phone text,
  email text,
  notes text,
  status text not null default 'active',
  total_visits integer not null default 0,
  ${OWNER},
  updated_at timestamptz not null default now(),
  constraint clients_pkey primary key (therapist_id, id),
  constraint clients_name_check check (btrim(name) <> ''),
  constraint clients_status_check check (status in ('active', 'inactive')),
  constraint clients_total_visits_check check (total_visits >= 0)
);
create unique index clients_email_key on public.clients (therapist_id, lower(email));
create index clients_name on public.clients (therapist_id, name);
comment on table public.clients is 'The people the practice sees. Retire a client with status inactive; a client with history cannot be deleted.';
comment on column public.clients.email is 'Unique within the practice, ignoring case.';
comment on column public.clients.status is 'active or inactive.';
comment on column public.clients.total_visits is 'Completed appointments. May be set on create (imported history); then moves by one as appointments enter or leave completed.';

create table public.service_menu (
  ${ID},
  name text not null,
  duration integer not null,
  price numeric(10,2) not null,
  description text,
  buffer_minutes integer not null default 0,
  active boolean not null default true,
  ${OWNER},
  updated_at timestamptz not null default now(),
  constraint service_menu_pkey primary key (therapist_id, id),
  constraint service_menu_name_check check (btrim(name) <> ''),
  constraint service_menu_duration_check check (duration between 1 and 1440),
  constraint service_menu_price_check check (price >= 0),
  constraint service_menu_buffer_minutes_check check (buffer_minutes >= 0)
);
create unique index service_menu_name_key on public.service_menu (therapist_id, lower(name));
comment on table public.service_menu is 'The services the practice offers. Retire one with active false; a service appointments use cannot be deleted.';
comment on column public.service_menu.name is 'Unique within the practice, ignoring case.';
comment on column public.service_menu.duration is 'Length of the service in minutes, 1 to 1440.';
comment on column public.service_menu.price is 'Price of the service, 0 or more.';
comment on column public.service_menu.buffer_minutes is 'Minutes to keep free after the service (cleanup, notes).';
comment on column public.service_menu.active is 'Whether the service is still offered.';

create table public.business_hours (
  ${ID},
  day_of_week text not null,
  open_time time not null,
  close_time time not null,
  ${OWNER},
  updated_at timestamptz not null default now(),
  constraint business_hours_pkey primary key (therapist_id, id),
  constraint business_hours_day_of_week_check
    check (day_of_week in ('monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday')),
  constraint business_hours_close_after_open check (close_time > open_time),
  -- Several rows a day are split shifts; overlapping ones are refused. There is no built-in range
  -- of times of day, so the times are placed on one fixed day.
  constraint business_hours_no_overlap exclude using gist (
    therapist_id with =,
    day_of_week with =,
    tsrange(date '2000-01-01' + open_time, date '2000-01-01' + close_time) with &&
  )
);
comment on table public.business_hours is 'Weekly opening hours. Several rows a day make split shifts; rows of one day may not overlap.';
comment on column public.business_hours.day_of_week is 'Lower-case day name, monday to sunday.';
comment on column public.business_hours.open_time is 'Opening time, HH:MM.';
comment on column public.business_hours.close_time is 'Closing time, HH:MM, after open_time.';

create table public.appointments (
  ${ID},
  date date not null,
  start_time time not null,
  end_time time not null,
  status text not null default 'scheduled',
  client_id uuid not null,
  client_name text,
  service_id uuid,
  notes text,
  ${OWNER},
  updated_at timestamptz not null default now(),
  constraint appointments_pkey primary key (therapist_id, id),
  -- Lets a note require that its appointment is one of the note's client.
  constraint appointments_therapist_id_id_client_id_key unique (therapist_id, id, client_id),
  constraint appointments_client_fkey foreign key (therapist_id, client_id) references public.clients (therapist_id, id),
  constraint appointments_service_fkey foreign key (therapist_id, service_id) references public.service_menu (therapist_id, id),
  constraint appointments_status_check
    check (status in ('scheduled', 'confirmed', 'completed', 'cancelled', 'no_show')),
  constraint appointments_end_after_start check (end_time > start_time),
  -- The overlap trigger explains a conflict; this constraint still holds when two writes race.
  constraint appointments_no_overlap exclude using gist (
    therapist_id with =,
    tsrange("date" + start_time, "date" + end_time) with &&
  ) where (status <> 'cancelled')
);
-- The day view: ?therapist_id=eq.X&date=eq.D&order=start_time.asc
create index appointments_day on public.appointments (therapist_id, "date", start_time);
create index appointments_client on public.appointments (therapist_id, client_id, "date");
create index appointments_service on public.appointments (therapist_id, service_id) where service_id is not null;
comment on table public.appointments is 'The calendar. Appointments of one practice that are not cancelled may not overlap.';
comment on column public.appointments.date is 'Day of the appointment, YYYY-MM-DD, in the practice''s time zone.';
comment on column public.appointments.start_time is 'Start, HH:MM.';
comment on column public.appointments.end_time is 'End, HH:MM, after start_time.';
comment on column public.appointments.status is 'scheduled -> confirmed|completed|cancelled|no_show; confirmed -> completed|cancelled|no_show|scheduled; cancelled -> scheduled; no_show -> scheduled; completed -> confirmed.';
comment on column public.appointments.client_name is 'Copied from the client when omitted on create.';
comment on column public.appointments.service_id is 'The service booked, from service_menu.';

create table public.sessions (
  ${ID},
  client_id uuid not null,
  appointment_id uuid,
  subjective text,
  objective text,
  assessment text,
  plan text,
  signed_at timestamptz,
  amends_id uuid,
  ${OWNER},
  updated_at timestamptz not null default now(),
  constraint sessions_pkey primary key (therapist_id, id),
  -- Lets an amendment require that the note it amends is of the same client.
  constraint sessions_therapist_id_id_client_id_key unique (therapist_id, id, client_id),
  constraint sessions_client_fkey foreign key (therapist_id, client_id) references public.clients (therapist_id, id),
  constraint sessions_appointment_fkey foreign key (therapist_id, appointment_id, client_id)
    references public.appointments (therapist_id, id, client_id),
  constraint sessions_amends_fkey foreign key (therapist_id, amends_id, client_id)
    references public.sessions (therapist_id, id, client_id),
  constraint sessions_content_check check (
    coalesce(btrim(subjective), '') <> '' or coalesce(btrim(objective), '') <> ''
    or coalesce(btrim(assessment), '') <> '' or coalesce(btrim(plan), '') <> ''
  ),
  constraint sessions_amends_other_check check (amends_id <> id)
);
-- One note per appointment; amendments of that note carry the appointment too.
create unique index sessions_one_per_appointment on public.sessions (therapist_id, appointment_id)
  where amends_id is null;
create index sessions_appointment on public.sessions (therapist_id, appointment_id) where appointment_id is not null;
create index sessions_client on public.sessions (therapist_id, client_id, created_at);
create index sessions_amends on public.sessions (therapist_id, amends_id) where amends_id is not null;
comment on table public.sessions is 'Session notes in SOAP form. A signed note never changes; an amendment is a new note naming it in amends_id.';
comment on column public.sessions.appointment_id is 'The appointment the note is about, of the same client; one note per appointment.';
comment on column public.sessions.subjective is 'S: what the client reports.';
comment on column public.sessions.objective is 'O: what the therapist observed and measured.';
comment on column public.sessions.assessment is 'A: the therapist''s assessment.';
comment on column public.sessions.plan is 'P: the plan for treatment and follow-up.';
comment on column public.sessions.signed_at is 'When the note was signed; a signed note can no longer change or be deleted.';
comment on column public.sessions.amends_id is 'The signed note of the same client this note amends.';

create table public.expenses (
  ${ID},
  date date not null,
  amount numeric(10,2) not null,
  category text not null,
  description text,
  vendor text,
  ${OWNER},
  updated_at timestamptz not null default now(),
  constraint expenses_pkey primary key (therapist_id, id),
  constraint expenses_amount_check check (amount > 0),
  constraint expenses_category_check check (btrim(category) <> ''),
  constraint expenses_category_lower_case check (category = lower(category))
);
create index expenses_date on public.expenses (therapist_id, "date");
comment on table public.expenses is 'What the practice spends.';
comment on column public.expenses.date is 'Day of the expense, YYYY-MM-DD.';
comment on column public.expenses.amount is 'Amount spent, more than 0.';
comment on column public.expenses.category is 'Lower case, e.g. supplies, rent, equipment, linens, laundry, education, insurance, marketing, software, travel, fees, other.';

create table public.conversation_log (
  ${ID},
  client_id uuid not null,
  role text not null,
  message text not null,
  channel text not null default 'chat',
  ${OWNER},
  constraint conversation_log_pkey primary key (therapist_id, id),
  constraint conversation_log_client_fkey foreign key (therapist_id, client_id) references public.clients (therapist_id, id),
  constraint conversation_log_role_check check (role in ('client', 'therapist', 'assistant')),
  constraint conversation_log_channel_check check (channel in ('sms', 'email', 'chat', 'phone', 'web', 'other')),
  constraint conversation_log_message_check check (btrim(message) <> '')
);
create index conversation_log_client on public.conversation_log (therapist_id, client_id, created_at);
comment on table public.conversation_log is 'Messages exchanged with a client. Append-only: entries cannot be changed or deleted.';
comment on column public.conversation_log.role is 'Who wrote the message: client, therapist or assistant.';
comment on column public.conversation_log.channel is 'Where it was exchanged: sms, email, chat, phone, web or other.';
${COMMON_COMMENTS}
`;
  }
});

// src/server/db/migrations/0001/access.ts
var AUTHENTICATED_PRIVILEGES, tableAccess, access;
var init_access = __esm({
  "src/server/db/migrations/0001/access.ts"() {
    "use strict";
    init_tables();
    AUTHENTICATED_PRIVILEGES = {
      clients: "select, insert, update, delete",
      service_menu: "select, insert, update, delete",
      business_hours: "select, insert, update, delete",
      appointments: "select, insert, update, delete",
      sessions: "select, insert, update, delete",
      expenses: "select, insert, update, delete",
      conversation_log: "select, insert"
    };
    tableAccess = (table) => `
alter table public.${table} enable row level security;
create policy own_practice on public.${table} for all to authenticated
  using (therapist_id = (select auth.uid()))
  with check (therapist_id = (select auth.uid()));
-- Supabase's default privileges grant everything on new tables to the API roles: start from none.
revoke all on public.${table} from anon, authenticated, service_role;
grant select on public.${table} to anon;
grant ${AUTHENTICATED_PRIVILEGES[table]} on public.${table} to authenticated;
grant all on public.${table} to service_role;`;
    access = `
grant usage on schema public to anon, authenticated, service_role;
-- Migration bookkeeping and trigger functions: no API role may read or call them (a trigger needs
-- no privilege on its function to fire).
revoke all on schema practice_private from public;
${PRACTICE_TABLES.map(tableAccess).join("\n")}
`;
  }
});

// src/server/db/migrations/0001/appointment-rules.ts
var appointmentRules;
var init_appointment_rules = __esm({
  "src/server/db/migrations/0001/appointment-rules.ts"() {
    "use strict";
    appointmentRules = `
create function practice_private.fill_client_name() returns trigger
language plpgsql set search_path = '' as $$
begin
  select name into new.client_name from public.clients
    where therapist_id = new.therapist_id and id = new.client_id;
  return new;
end $$;
create trigger fill_client_name before insert on public.appointments
  for each row when (new.client_name is null)
  execute function practice_private.fill_client_name();

-- Only updates are checked: a new appointment may start in any status (imports carry history).
create function practice_private.check_status_transition() returns trigger
language plpgsql set search_path = '' as $$
declare
  allowed text[] := case old.status
    when 'scheduled' then array['confirmed', 'completed', 'cancelled', 'no_show']
    when 'confirmed' then array['completed', 'cancelled', 'no_show', 'scheduled']
    when 'cancelled' then array['scheduled']
    when 'no_show' then array['scheduled']
    when 'completed' then array['confirmed']
  end;
begin
  -- An unknown status is the check constraint's to report, with its list of values.
  if new.status not in ('scheduled', 'confirmed', 'completed', 'cancelled', 'no_show') then
    return new;
  end if;
  if not (new.status = any(allowed)) then
    raise exception using
      errcode = 'PT409',
      message = format('Cannot change appointment status from %s to %s', old.status, new.status),
      hint = 'Allowed next states: ' || array_to_string(allowed, ', ');
  end if;
  return new;
end $$;
create trigger check_status_transition before update of status on public.appointments
  for each row when (old.status is distinct from new.status)
  execute function practice_private.check_status_transition();

-- A visit is a completed appointment. total_visits stops at 0 rather than refusing a delete:
-- an imported count may not match the appointments on record.
create function practice_private.count_visits() returns trigger
language plpgsql set search_path = '' as $$
declare
  was_visit boolean := tg_op <> 'INSERT' and old.status = 'completed';
  is_visit boolean := tg_op <> 'DELETE' and new.status = 'completed';
begin
  if was_visit and is_visit and old.client_id = new.client_id then
    return null;
  end if;
  if was_visit then
    update public.clients set total_visits = greatest(total_visits - 1, 0)
      where therapist_id = old.therapist_id and id = old.client_id;
  end if;
  if is_visit then
    update public.clients set total_visits = total_visits + 1
      where therapist_id = new.therapist_id and id = new.client_id;
  end if;
  return null;
end $$;
create trigger count_visits after insert or update of status, client_id or delete on public.appointments
  for each row execute function practice_private.count_visits();
`;
  }
});

// src/server/db/migrations/0001/delete-guards.ts
var deleteGuards;
var init_delete_guards = __esm({
  "src/server/db/migrations/0001/delete-guards.ts"() {
    "use strict";
    deleteGuards = `
create function practice_private.refuse_client_delete() returns trigger
language plpgsql set search_path = '' as $$
declare
  appointment_count bigint;
  note_count bigint;
  message_count bigint;
begin
  select count(*) into appointment_count from public.appointments
    where therapist_id = old.therapist_id and client_id = old.id;
  select count(*) into note_count from public.sessions
    where therapist_id = old.therapist_id and client_id = old.id;
  select count(*) into message_count from public.conversation_log
    where therapist_id = old.therapist_id and client_id = old.id;
  if appointment_count + note_count + message_count > 0 then
    raise exception using
      errcode = 'foreign_key_violation',
      message = format('Cannot delete client %s: appointments, notes or messages refer to it', old.name),
      detail = format('Client %s has %s appointment(s), %s note(s) and %s message(s).',
        old.id, appointment_count, note_count, message_count),
      hint = 'Set the client''s status to inactive instead.';
  end if;
  return old;
end $$;
create trigger refuse_client_delete before delete on public.clients
  for each row execute function practice_private.refuse_client_delete();

create function practice_private.refuse_service_delete() returns trigger
language plpgsql set search_path = '' as $$
declare
  appointment_count bigint;
begin
  select count(*) into appointment_count from public.appointments
    where therapist_id = old.therapist_id and service_id = old.id;
  if appointment_count > 0 then
    raise exception using
      errcode = 'foreign_key_violation',
      message = format('Cannot delete service %s: appointments refer to it', old.name),
      detail = format('Service %s is booked in %s appointment(s).', old.id, appointment_count),
      hint = 'Set the service''s active to false instead.';
  end if;
  return old;
end $$;
create trigger refuse_service_delete before delete on public.service_menu
  for each row execute function practice_private.refuse_service_delete();

create function practice_private.refuse_appointment_delete() returns trigger
language plpgsql set search_path = '' as $$
declare
  note_id uuid;
begin
  select id into note_id from public.sessions
    where therapist_id = old.therapist_id and appointment_id = old.id
    limit 1;
  if found then
    raise exception using
      errcode = 'foreign_key_violation',
      message = format('Cannot delete appointment %s: note %s refers to it', old.id, note_id),
      hint = 'Cancel the appointment instead.';
  end if;
  return old;
end $$;
create trigger refuse_appointment_delete before delete on public.appointments
  for each row execute function practice_private.refuse_appointment_delete();
`;
  }
});

// src/server/db/migrations/0001/identity.ts
var identity;
var init_identity = __esm({
  "src/server/db/migrations/0001/identity.ts"() {
    "use strict";
    identity = `
-- Roles are cluster-wide on PostgreSQL and already exist on hosted Supabase, so each is created
-- only when missing. Another database of the same cluster may be migrating at this moment (the
-- migration lock is per database), hence the duplicate errors are taken as "created already".
do $$
declare
  api_role text;
begin
  foreach api_role in array array['anon', 'authenticated', 'service_role'] loop
    if not exists (select from pg_catalog.pg_roles where rolname = api_role) then
      begin
        execute format('create role %I nologin noinherit%s', api_role,
          case api_role when 'service_role' then ' bypassrls' else '' end);
      exception when duplicate_object or unique_violation then null;
      end;
    end if;
    -- The owner switches to these roles for each request (set_config('role', ...)). A superuser
    -- is a member of every role already, so this grants only where it is needed.
    if not pg_catalog.pg_has_role(current_user, api_role, 'MEMBER') then
      execute format('grant %I to current_user', api_role);
    end if;
  end loop;
end $$;

-- btree_gist lets the exclusion constraints compare therapist_id and day_of_week with =.
-- Supabase keeps extensions in their own schema; the operator classes are found wherever they are.
create schema if not exists extensions;
create extension if not exists btree_gist with schema extensions;

-- On Supabase the auth schema and auth.uid() belong to its auth service: leave them as they are.
do $$
begin
  if not exists (select from pg_catalog.pg_namespace where nspname = 'auth') then
    create schema auth;
    grant usage on schema auth to anon, authenticated, service_role;
  end if;
  if pg_catalog.to_regprocedure('auth.uid()') is null then
    -- The same definition as Supabase's: the sub claim, or the claim setting older PostgREST used.
    create function auth.uid() returns uuid
    language sql stable
    as $uid$
      select coalesce(
        nullif(pg_catalog.current_setting('request.jwt.claim.sub', true), ''),
        nullif(pg_catalog.current_setting('request.jwt.claims', true), '')::jsonb ->> 'sub'
      )::uuid
    $uid$;
    comment on function auth.uid() is 'The id of the user whose JWT the request carries (its sub claim), or null.';
  end if;
end $$;
`;
  }
});

// src/server/db/migrations/0001/note-rules.ts
var noteRules;
var init_note_rules = __esm({
  "src/server/db/migrations/0001/note-rules.ts"() {
    "use strict";
    noteRules = `
create function practice_private.protect_signed_note() returns trigger
language plpgsql set search_path = '' as $$
begin
  raise exception using
    errcode = 'PT409',
    message = format('Note %s is signed and can no longer be %s', old.id,
      case tg_op when 'UPDATE' then 'changed' else 'deleted' end),
    hint = format('Write an amendment instead: a new note with amends_id %s.', old.id);
end $$;
create trigger protect_signed_note before update or delete on public.sessions
  for each row when (old.signed_at is not null)
  execute function practice_private.protect_signed_note();

-- The composite foreign keys and the unique index already hold these rules (also under
-- concurrency); checking first gives errors that say which rule, and what to do.
create function practice_private.check_note_links() returns trigger
language plpgsql set search_path = '' as $$
declare
  appointment_client uuid;
  amended public.sessions;
  existing_note uuid;
begin
  if new.appointment_id is not null then
    select client_id into appointment_client from public.appointments
      where therapist_id = new.therapist_id and id = new.appointment_id;
    if found and appointment_client <> new.client_id then
      raise exception using
        errcode = 'foreign_key_violation',
        message = format('Appointment %s is of another client', new.appointment_id),
        hint = 'A note''s appointment must be one of the note''s client; leave appointment_id empty for a note without one.';
    end if;
    if new.amends_id is null then
      select id into existing_note from public.sessions
        where therapist_id = new.therapist_id and appointment_id = new.appointment_id
          and amends_id is null and id <> new.id
        limit 1;
      if found then
        raise exception using
          errcode = 'unique_violation',
          message = format('Appointment %s already has note %s', new.appointment_id, existing_note),
          hint = 'Change that note, or amend it once it is signed.';
      end if;
    end if;
  end if;
  if new.amends_id is not null then
    select * into amended from public.sessions
      where therapist_id = new.therapist_id and id = new.amends_id;
    if found and amended.client_id <> new.client_id then
      raise exception using
        errcode = 'foreign_key_violation',
        message = format('Note %s is of another client', new.amends_id),
        hint = 'An amendment must be of the same client as the note it amends.';
    end if;
    if found and amended.signed_at is null then
      raise exception using
        errcode = 'PT409',
        message = format('Note %s is not signed, so it cannot be amended', new.amends_id),
        hint = 'Change the note itself, or sign it (set signed_at) and then amend it.';
    end if;
  end if;
  return new;
end $$;
create trigger check_note_links
  before insert or update of client_id, appointment_id, amends_id on public.sessions
  for each row execute function practice_private.check_note_links();
`;
  }
});

// src/server/db/migrations/0001/overlaps.ts
var overlaps;
var init_overlaps = __esm({
  "src/server/db/migrations/0001/overlaps.ts"() {
    "use strict";
    overlaps = `
create function practice_private.check_appointment_overlap() returns trigger
language plpgsql set search_path = '' as $$
declare
  other public.appointments;
begin
  -- Missing or reversed times are for the not-null and check constraints to report.
  if new.date is null or new.start_time is null or new.end_time is null or new.end_time <= new.start_time then
    return new;
  end if;
  -- The predicates match appointments_no_overlap's index, which finds the candidates.
  select * into other from public.appointments a
    where a.therapist_id = new.therapist_id and a.id <> new.id and a.status <> 'cancelled'
      and tsrange(a.date + a.start_time, a.date + a.end_time) && tsrange(new.date + new.start_time, new.date + new.end_time)
    order by a.date, a.start_time
    limit 1;
  if found then
    raise exception using
      errcode = 'exclusion_violation',
      message = format('Overlaps appointment %s on %s from %s to %s', other.id, other.date,
        to_char(other.start_time, 'HH24:MI'), to_char(other.end_time, 'HH24:MI')),
      detail = format('That appointment is %s, with %s.', other.status, coalesce(other.client_name, 'a client')),
      hint = 'Choose a time that does not overlap, or move or cancel the other appointment first.';
  end if;
  return new;
end $$;
create trigger check_appointment_overlap
  before insert or update of "date", start_time, end_time, status on public.appointments
  for each row when (new.status <> 'cancelled')
  execute function practice_private.check_appointment_overlap();

create function practice_private.check_business_hours_overlap() returns trigger
language plpgsql set search_path = '' as $$
declare
  other public.business_hours;
begin
  if new.open_time is null or new.close_time is null or new.close_time <= new.open_time then
    return new;
  end if;
  select * into other from public.business_hours h
    where h.therapist_id = new.therapist_id and h.id <> new.id and h.day_of_week = new.day_of_week
      and h.open_time < new.close_time and new.open_time < h.close_time
    order by h.open_time
    limit 1;
  if found then
    raise exception using
      errcode = 'exclusion_violation',
      message = format('Overlaps business hours %s on %s from %s to %s', other.id, other.day_of_week,
        to_char(other.open_time, 'HH24:MI'), to_char(other.close_time, 'HH24:MI')),
      hint = 'Hours of one day may not overlap: change the existing row, or choose times around it.';
  end if;
  return new;
end $$;
create trigger check_business_hours_overlap
  before insert or update of day_of_week, open_time, close_time on public.business_hours
  for each row execute function practice_private.check_business_hours_overlap();
`;
  }
});

// src/server/db/migrations/0001/timestamps.ts
var CHANGING_TABLES, timestamps;
var init_timestamps = __esm({
  "src/server/db/migrations/0001/timestamps.ts"() {
    "use strict";
    init_tables();
    CHANGING_TABLES = PRACTICE_TABLES.filter((table) => table !== "conversation_log");
    timestamps = `
create function practice_private.touch_updated_at() returns trigger
language plpgsql set search_path = '' as $$
begin
  new.updated_at := now();
  return new;
end $$;
${CHANGING_TABLES.map((table) => `
create trigger touch_updated_at before update on public.${table}
  for each row execute function practice_private.touch_updated_at();`).join("")}
`;
  }
});

// src/server/db/migrations/0001-practice-schema.ts
var practiceSchema;
var init_practice_schema = __esm({
  "src/server/db/migrations/0001-practice-schema.ts"() {
    "use strict";
    init_access();
    init_appointment_rules();
    init_delete_guards();
    init_identity();
    init_note_rules();
    init_overlaps();
    init_tables();
    init_timestamps();
    practiceSchema = {
      version: 1,
      name: "practice schema",
      // Identity first: the tables' defaults call auth.uid(); access last: it covers every table.
      sql: [identity, tables, timestamps, deleteGuards, overlaps, appointmentRules, noteRules, access].join("\n")
    };
  }
});

// src/server/db/migrations/0002-auth.ts
var tables2, authAccounts;
var init_auth = __esm({
  "src/server/db/migrations/0002-auth.ts"() {
    "use strict";
    tables2 = `
create table auth.users (
  id uuid primary key default gen_random_uuid(),
  email text not null,
  encrypted_password text not null,
  email_confirmed_at timestamptz,
  last_sign_in_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint users_email_check check (email = lower(btrim(email)) and email <> '')
);
create unique index users_email_key on auth.users (email);
comment on table auth.users is 'Accounts of the embedded auth service; a user''s id is the therapist_id of their practice.';
comment on column auth.users.encrypted_password is 'scrypt$<log2 N>$<r>$<p>$<salt>$<hash>, base64url.';

create table auth.sessions (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  created_at timestamptz not null default now(),
  refreshed_at timestamptz,
  revoked_at timestamptz
);
create index sessions_user_id on auth.sessions (user_id);
comment on table auth.sessions is 'One sign-in, and the family of refresh tokens rotated from it. Signing out deletes it.';
comment on column auth.sessions.revoked_at is 'Set when a rotated refresh token was used again after the grace interval: the whole family is dead.';

create table auth.refresh_tokens (
  id uuid primary key default gen_random_uuid(),
  token_hash text not null,
  session_id uuid not null references auth.sessions (id) on delete cascade,
  created_at timestamptz not null default now(),
  revoked_at timestamptz
);
create unique index refresh_tokens_token_hash_key on auth.refresh_tokens (token_hash);
create index refresh_tokens_session_id on auth.refresh_tokens (session_id);
comment on column auth.refresh_tokens.token_hash is 'Hex SHA-256 of the token; the token itself is never stored.';
comment on column auth.refresh_tokens.revoked_at is 'When the token was rotated (exchanged for its successor).';

revoke all on auth.users, auth.sessions, auth.refresh_tokens from public, anon, authenticated, service_role;
`;
    authAccounts = {
      version: 2,
      name: "auth accounts",
      sql: `
do $migration$
begin
  if pg_catalog.to_regclass('auth.users') is null then
    execute $tables$${tables2}$tables$;
  end if;
end $migration$;`
    };
  }
});

// src/server/db/migrations/0003-updated-at-moves-on.ts
var updatedAtMovesOn;
var init_updated_at_moves_on = __esm({
  "src/server/db/migrations/0003-updated-at-moves-on.ts"() {
    "use strict";
    updatedAtMovesOn = {
      version: 3,
      name: "updated_at moves on with every update",
      sql: `
create or replace function practice_private.touch_updated_at() returns trigger
language plpgsql set search_path = '' as $$
begin
  new.updated_at := greatest(now(), old.updated_at + interval '1 microsecond');
  return new;
end $$;
`
    };
  }
});

// src/server/db/migrations/0004/booking-terms.ts
var fillExistingRows, bookingTerms;
var init_booking_terms = __esm({
  "src/server/db/migrations/0004/booking-terms.ts"() {
    "use strict";
    fillExistingRows = `
alter table public.appointments disable trigger touch_updated_at;
with next_booking as (
  select therapist_id, id, service_id, status, "date" + end_time as ends_at,
    lead("date" + start_time) over (
      partition by therapist_id, status in ('cancelled', 'no_show') order by "date" + start_time
    ) as next_starts_at
  from public.appointments
)
update public.appointments a
  set price = s.price,
      buffer_minutes = case when n.status in ('cancelled', 'no_show') then s.buffer_minutes
        else least(s.buffer_minutes, floor(extract(epoch from n.next_starts_at - n.ends_at) / 60)::integer) end
  from next_booking n
  join public.service_menu s on s.therapist_id = n.therapist_id and s.id = n.service_id
  where a.therapist_id = n.therapist_id and a.id = n.id;
alter table public.appointments enable trigger touch_updated_at;`;
    bookingTerms = `
alter table public.appointments
  add column price numeric(10,2),
  add column buffer_minutes integer;
${fillExistingRows}
-- No default: an omitted buffer arrives as null, and the trigger below fills it before the
-- not-null constraint is checked (0 without a service), so an explicit 0 stays 0. Rows without a
-- service get their 0 through a rewrite of the table, which also discards the old versions of the
-- rows just updated: building the overlap constraint over those took minutes on PGlite.
alter table public.appointments
  alter column buffer_minutes type integer using coalesce(buffer_minutes, 0),
  alter column buffer_minutes set not null,
  add constraint appointments_price_check check (price >= 0),
  add constraint appointments_buffer_minutes_check check (buffer_minutes >= 0);

-- BEFORE triggers fire in the order of their names: this one comes before check_appointment_overlap,
-- which needs the buffer. "A price whenever there is a service" is checked here rather than by a
-- constraint, which would fire before the foreign key and answer a missing service with 23514.
create function practice_private.apply_service_terms() returns trigger
language plpgsql set search_path = '' as $$
declare
  service_changed boolean := tg_op = 'INSERT' or new.service_id is distinct from old.service_id;
  service public.service_menu;
begin
  if new.service_id is not null and (service_changed or new.price is null) then
    select * into service from public.service_menu where therapist_id = new.therapist_id and id = new.service_id;
    -- A missing service is the foreign key's to report.
    if found then
      if tg_op = 'INSERT' then
        new.price := coalesce(new.price, service.price);
        new.buffer_minutes := coalesce(new.buffer_minutes, service.buffer_minutes);
      elsif service_changed then
        -- Switching the service takes its terms, unless the same update sets them itself.
        if new.price is not distinct from old.price then
          new.price := service.price;
        end if;
        if new.buffer_minutes is not distinct from old.buffer_minutes then
          new.buffer_minutes := service.buffer_minutes;
        end if;
      end if;
      if new.price is null then
        raise exception using
          errcode = 'check_violation',
          message = format('Appointment %s has service %s, so it needs a price', new.id, service.name),
          hint = 'Give a price of 0 or more, or leave price out to take the service''s.';
      end if;
    end if;
  end if;
  if tg_op = 'INSERT' then
    new.buffer_minutes := coalesce(new.buffer_minutes, 0);
  end if;
  return new;
end $$;
create trigger apply_service_terms before insert or update of service_id, price on public.appointments
  for each row execute function practice_private.apply_service_terms();

comment on column public.appointments.price is 'Price agreed at booking, 0 or more; copied from the service when omitted, and taken from the new service when an update changes service_id without setting price. Null only without a service.';
comment on column public.appointments.buffer_minutes is 'Minutes kept free after the appointment, 0 or more; copied from the service when omitted (0 without one), and taken from the new service when an update changes service_id without setting it. Counts in the overlap rule.';
`;
  }
});

// src/server/db/migrations/0004/buffered-overlaps.ts
var occupied, core, dropUnbufferedOverlaps, bufferedOverlaps;
var init_buffered_overlaps = __esm({
  "src/server/db/migrations/0004/buffered-overlaps.ts"() {
    "use strict";
    occupied = (row) => `tsrange(${row}"date" + ${row}start_time, ${row}"date" + ${row}end_time + ${row}buffer_minutes * interval '1 minute')`;
    core = (row) => `tsrange(${row}"date" + ${row}start_time, ${row}"date" + ${row}end_time)`;
    dropUnbufferedOverlaps = `
alter table public.appointments drop constraint appointments_no_overlap;
drop trigger check_appointment_overlap on public.appointments;
`;
    bufferedOverlaps = `
-- The trigger explains a conflict; this constraint still holds when two writes race.
alter table public.appointments add constraint appointments_no_overlap exclude using gist (
  therapist_id with =,
  ${occupied("")} with &&
) where (status not in ('cancelled', 'no_show'));
comment on table public.appointments is 'The calendar. Appointments of one practice that are not cancelled or no_show may not overlap, each with its buffer.';

create or replace function practice_private.check_appointment_overlap() returns trigger
language plpgsql set search_path = '' as $$
declare
  other public.appointments;
  buffer_part text := '';
begin
  -- Missing or reversed times are for the not-null and check constraints to report.
  if new.date is null or new.start_time is null or new.end_time is null or new.end_time <= new.start_time
    or new.buffer_minutes is null or new.buffer_minutes < 0 then
    return new;
  end if;
  -- The predicates match appointments_no_overlap's index, which finds the candidates.
  select * into other from public.appointments a
    where a.therapist_id = new.therapist_id and a.id <> new.id and a.status not in ('cancelled', 'no_show')
      and ${occupied("a.")} && ${occupied("new.")}
    order by a.date, a.start_time
    limit 1;
  if not found then
    return new;
  end if;
  if not (${core("other.")} && ${core("new.")}) then
    buffer_part := case when ${occupied("other.")} && ${core("new.")}
      then format(' (with its %s-minute buffer)', other.buffer_minutes)
      else format(' (this appointment''s %s-minute buffer runs into it)', new.buffer_minutes) end;
  end if;
  raise exception using
    errcode = 'exclusion_violation',
    message = format('Overlaps appointment %s on %s from %s to %s%s', other.id, other.date,
      to_char(other.start_time, 'HH24:MI'), to_char(other.end_time, 'HH24:MI'), buffer_part),
    detail = format('That appointment is %s, with %s.', other.status, coalesce(other.client_name, 'a client')),
    hint = 'Choose a time that does not overlap, or move or cancel the other appointment first.';
end $$;
create trigger check_appointment_overlap
  before insert or update of "date", start_time, end_time, buffer_minutes, service_id, status on public.appointments
  for each row when (new.status not in ('cancelled', 'no_show'))
  execute function practice_private.check_appointment_overlap();
`;
  }
});

// src/server/db/migrations/0004/completion-lock.ts
var completionLock;
var init_completion_lock = __esm({
  "src/server/db/migrations/0004/completion-lock.ts"() {
    "use strict";
    completionLock = `
create function practice_private.refuse_undoing_signed_visit() returns trigger
language plpgsql set search_path = '' as $$
declare
  note_id uuid;
begin
  -- The note itself before its amendments: the hint names the note to amend.
  select id into note_id from public.sessions
    where therapist_id = old.therapist_id and appointment_id = old.id and signed_at is not null
    order by amends_id is not null, created_at, id
    limit 1;
  if found then
    raise exception using
      errcode = 'PT409',
      message = format('Cannot undo the completion of appointment %s: signed note %s refers to it', old.id, note_id),
      hint = format('Correct the record with an amendment: a new note with amends_id %s.', note_id);
  end if;
  return new;
end $$;
create trigger refuse_undoing_signed_visit before update of status on public.appointments
  for each row when (old.status = 'completed' and new.status = 'confirmed')
  execute function practice_private.refuse_undoing_signed_visit();
comment on column public.appointments.status is 'scheduled -> confirmed|completed|cancelled|no_show; confirmed -> completed|cancelled|no_show|scheduled; cancelled -> scheduled; no_show -> scheduled; completed -> confirmed (refused while a signed note refers to the appointment).';
`;
  }
});

// src/server/db/migrations/0004/named-duplicates.ts
var namedDuplicates;
var init_named_duplicates = __esm({
  "src/server/db/migrations/0004/named-duplicates.ts"() {
    "use strict";
    namedDuplicates = `
create function practice_private.check_client_email_free() returns trigger
language plpgsql set search_path = '' as $$
declare
  other public.clients;
begin
  select * into other from public.clients c
    where c.therapist_id = new.therapist_id and lower(c.email) = lower(new.email) and c.id <> new.id
    limit 1;
  if found then
    raise exception using
      errcode = 'unique_violation',
      message = format('Client %s (%s) already has the email %s', other.name, other.id, new.email),
      hint = 'Use that client, or give this one another email address (emails are unique ignoring case).';
  end if;
  return new;
end $$;
create trigger check_client_email_free before insert or update of email on public.clients
  for each row when (new.email is not null)
  execute function practice_private.check_client_email_free();

create function practice_private.check_service_name_free() returns trigger
language plpgsql set search_path = '' as $$
declare
  other public.service_menu;
begin
  select * into other from public.service_menu s
    where s.therapist_id = new.therapist_id and lower(s.name) = lower(new.name) and s.id <> new.id
    limit 1;
  if found then
    raise exception using
      errcode = 'unique_violation',
      message = format('Service %s (%s) already has the name %s', other.name, other.id, new.name),
      hint = 'Use that service, or choose another name (names are unique ignoring case).';
  end if;
  return new;
end $$;
create trigger check_service_name_free before insert or update of name on public.service_menu
  for each row when (new.name is not null)
  execute function practice_private.check_service_name_free();
`;
  }
});

// src/server/db/migrations/0004-kept-at-booking.ts
var keptAtBooking;
var init_kept_at_booking = __esm({
  "src/server/db/migrations/0004-kept-at-booking.ts"() {
    "use strict";
    init_booking_terms();
    init_buffered_overlaps();
    init_completion_lock();
    init_named_duplicates();
    keptAtBooking = {
      version: 4,
      name: "appointments keep price and buffer; signed visits stay completed; duplicates named",
      // The new overlap constraint needs every row's buffer, so the terms come between the old and new rule.
      sql: [dropUnbufferedOverlaps, bookingTerms, bufferedOverlaps, completionLock, namedDuplicates].join("\n")
    };
  }
});

// src/server/db/migrations/0005/reminders.ts
var reminders;
var init_reminders = __esm({
  "src/server/db/migrations/0005/reminders.ts"() {
    "use strict";
    reminders = `
create table public.reminders (
  id uuid not null default gen_random_uuid(),
  appointment_id uuid not null,
  client_id uuid not null,
  channel text not null,
  message text not null,
  state text not null default 'claimed',
  error text,
  message_id uuid,
  therapist_id uuid not null default auth.uid(),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint reminders_pkey primary key (therapist_id, id),
  constraint reminders_appointment_key unique (therapist_id, appointment_id),
  constraint reminders_appointment_fkey foreign key (therapist_id, appointment_id)
    references public.appointments (therapist_id, id) on delete cascade,
  constraint reminders_client_fkey foreign key (therapist_id, client_id) references public.clients (therapist_id, id),
  constraint reminders_channel_check check (channel in ('sms', 'email', 'chat', 'phone', 'web', 'other')),
  constraint reminders_state_check check (state in ('claimed', 'sent', 'failed')),
  constraint reminders_message_check check (btrim(message) <> '')
);
comment on table public.reminders is 'One row per appointment that a reminder run claimed: claimed while it is being sent, then sent or failed. A failed one may be claimed again; a sent one never.';
comment on column public.reminders.state is 'claimed, sent or failed.';
comment on column public.reminders.message_id is 'The conversation_log entry written when the reminder became sent.';

alter table public.reminders enable row level security;
create policy own_practice on public.reminders for all to authenticated
  using (therapist_id = (select auth.uid()))
  with check (therapist_id = (select auth.uid()));
revoke all on public.reminders from anon, authenticated, service_role;
grant select on public.reminders to anon;
grant select, insert, update on public.reminders to authenticated;
grant all on public.reminders to service_role;

create trigger touch_updated_at before update on public.reminders
  for each row execute function practice_private.touch_updated_at();

-- A sent reminder stays sent, and becoming sent is what logs it: one statement, one transaction.
create function practice_private.log_sent_reminder() returns trigger
language plpgsql set search_path = '' as $$
begin
  if old.state = 'sent' then
    raise exception using
      errcode = 'check_violation',
      message = format('The reminder of appointment %s was already sent', old.appointment_id),
      hint = 'A sent reminder cannot change.';
  end if;
  if new.state = 'sent' then
    insert into public.conversation_log (therapist_id, client_id, role, channel, message)
      values (new.therapist_id, new.client_id, 'assistant', new.channel, new.message)
      returning id into new.message_id;
  end if;
  return new;
end $$;
create trigger log_sent_reminder before update on public.reminders
  for each row execute function practice_private.log_sent_reminder();
`;
  }
});

// src/server/db/migrations/0005/series.ts
var series;
var init_series = __esm({
  "src/server/db/migrations/0005/series.ts"() {
    "use strict";
    series = `
alter table public.appointments
  add column series_id uuid,
  add column recurrence text,
  add constraint appointments_recurrence_check check (recurrence is null or series_id is not null);
-- "This one and the later ones" reads a series in date order.
create index appointments_series on public.appointments (therapist_id, series_id, "date") where series_id is not null;
comment on column public.appointments.series_id is 'The recurring series the appointment belongs to; the same id on each of its appointments. Null for a single booking.';
comment on column public.appointments.recurrence is 'The RFC 5545 rule of the series (DTSTART with TZID, then RRULE), as it was booked. Only with series_id.';
`;
  }
});

// src/server/db/migrations/0005-series-and-reminders.ts
var seriesAndReminders;
var init_series_and_reminders = __esm({
  "src/server/db/migrations/0005-series-and-reminders.ts"() {
    "use strict";
    init_reminders();
    init_series();
    seriesAndReminders = {
      version: 5,
      name: "recurring series on appointments; reminders claimed once",
      sql: [series, reminders].join("\n")
    };
  }
});

// src/server/db/migrations/0006-auth-metadata.ts
var authMetadata;
var init_auth_metadata = __esm({
  "src/server/db/migrations/0006-auth-metadata.ts"() {
    "use strict";
    authMetadata = {
      version: 6,
      name: "auth metadata and auth.jwt()",
      sql: `
do $migration$
begin
  if not exists (select from information_schema.columns
                 where table_schema = 'auth' and table_name = 'users' and column_name = 'raw_user_meta_data') then
    alter table auth.users
      add column raw_user_meta_data jsonb not null default '{}'::jsonb,
      add column raw_app_meta_data jsonb not null default '{"provider": "email", "providers": ["email"]}'::jsonb,
      add column email_identity_id uuid not null default gen_random_uuid();
    comment on column auth.users.raw_user_meta_data is 'user_metadata: what the user sets with PUT /auth/v1/user {data}.';
    comment on column auth.users.raw_app_meta_data is 'app_metadata: set by the service, never by the user.';
    comment on column auth.users.email_identity_id is 'identity_id of the account''s one identity, its email.';
  end if;
  if pg_catalog.to_regprocedure('auth.jwt()') is null then
    -- Supabase Auth's own definition: the claims of the request's JWT, or the older per-claim setting.
    create function auth.jwt() returns jsonb
    language sql stable
    as $jwt$
      select coalesce(
        nullif(pg_catalog.current_setting('request.jwt.claim', true), ''),
        nullif(pg_catalog.current_setting('request.jwt.claims', true), '')
      )::jsonb
    $jwt$;
    comment on function auth.jwt() is 'The claims of the JWT the request carries, as jsonb, or null.';
  end if;
end $migration$;`
    };
  }
});

// src/server/db/migrations/0007-held-visit-stays.ts
var heldVisitStays;
var init_held_visit_stays = __esm({
  "src/server/db/migrations/0007-held-visit-stays.ts"() {
    "use strict";
    heldVisitStays = {
      version: 7,
      name: "a completed visit with a signed note keeps its day, times, service and price",
      sql: `
create function practice_private.refuse_changing_signed_visit() returns trigger
language plpgsql set search_path = '' as $$
declare
  note_id uuid;
  changed text[];
begin
  -- The note itself before its amendments: the hint names the note to amend.
  select id into note_id from public.sessions
    where therapist_id = old.therapist_id and appointment_id = old.id and signed_at is not null
    order by amends_id is not null, created_at, id
    limit 1;
  if found then
    changed := array_remove(array[
      case when new.date is distinct from old.date then 'date' end,
      case when new.start_time is distinct from old.start_time then 'start_time' end,
      case when new.end_time is distinct from old.end_time then 'end_time' end,
      case when new.service_id is distinct from old.service_id then 'service_id' end,
      case when new.price is distinct from old.price then 'price' end], null);
    raise exception using
      errcode = 'PT409',
      message = format('Cannot change the %s of appointment %s: it is a held visit, and signed note %s records it',
        array_to_string(changed, ', '), old.id, note_id),
      hint = format('A held visit stays as it was held. Correct the record with an amendment: a new note with amends_id %s.', note_id);
  end if;
  return new;
end $$;
-- Comparing values, not the columns an update names: an upsert that writes a row back unchanged passes.
create trigger refuse_changing_signed_visit
  before update of date, start_time, end_time, service_id, price on public.appointments
  for each row when (old.status = 'completed' and (new.date, new.start_time, new.end_time, new.service_id, new.price)
    is distinct from (old.date, old.start_time, old.end_time, old.service_id, old.price))
  execute function practice_private.refuse_changing_signed_visit();
comment on trigger refuse_changing_signed_visit on public.appointments is 'A completed appointment that a signed note refers to keeps its date, times, service and price (issue 24).';
`
    };
  }
});

// src/server/db/migrations/0008-money-is-a-number.ts
var finite, moneyIsANumber;
var init_money_is_a_number = __esm({
  "src/server/db/migrations/0008-money-is-a-number.ts"() {
    "use strict";
    finite = (column2) => `${column2} not in ('NaN', 'Infinity', '-Infinity')`;
    moneyIsANumber = {
      version: 8,
      name: "money is a number",
      sql: `
alter table public.service_menu add constraint service_menu_price_finite check (${finite("price")});
alter table public.appointments add constraint appointments_price_finite check (${finite("price")});
alter table public.expenses add constraint expenses_amount_finite check (${finite("amount")});`
    };
  }
});

// src/server/db/migrations/0009/indexed-overlaps.ts
var occupied2, core2, SHORT_BUFFER_MINUTES, blocking, indexedOverlaps;
var init_indexed_overlaps = __esm({
  "src/server/db/migrations/0009/indexed-overlaps.ts"() {
    "use strict";
    occupied2 = (row) => `tsrange(${row}"date" + ${row}start_time, ${row}"date" + ${row}end_time + ${row}buffer_minutes * interval '1 minute')`;
    core2 = (row) => `tsrange(${row}"date" + ${row}start_time, ${row}"date" + ${row}end_time)`;
    SHORT_BUFFER_MINUTES = 1440;
    blocking = (candidates) => `
    select * from public.appointments a
      where a.therapist_id = new.therapist_id and a.id <> new.id and a.status not in ('cancelled', 'no_show')
        and ${candidates}
        and ${occupied2("a.")} && ${occupied2("new.")}`;
    indexedOverlaps = `
-- The rare appointments whose buffer is longer than a day, which the day range cannot bound.
create index appointments_long_buffers on public.appointments (therapist_id, "date")
  where buffer_minutes > ${SHORT_BUFFER_MINUTES};

-- Planned for each row's values: PGlite runs no autovacuum, so a generic plan made while the practice
-- was small (a scan) would stay for the life of the session and grow with every row.
create or replace function practice_private.check_appointment_overlap() returns trigger
language plpgsql set search_path = '' set plan_cache_mode = force_custom_plan as $$
declare
  other public.appointments;
  buffer_part text := '';
  first_day date;
  last_day date;
begin
  -- Missing or reversed times are for the not-null and check constraints to report.
  if new.date is null or new.start_time is null or new.end_time is null or new.end_time <= new.start_time
    or new.buffer_minutes is null or new.buffer_minutes < 0 then
    return new;
  end if;
  if tg_op = 'INSERT' and exists (select from public.appointments a where a.therapist_id = new.therapist_id and a.id = new.id) then
    return new;
  end if;
  first_day := new.date - 1;
  last_day := (new.date + new.end_time + new.buffer_minutes * interval '1 minute')::date;
  select * into other from (${blocking(`a.date between first_day and last_day and a.buffer_minutes <= ${SHORT_BUFFER_MINUTES}`)}
    union all ${blocking(`a.buffer_minutes > ${SHORT_BUFFER_MINUTES} and a.date <= last_day`)}
  ) a
    order by a.date, a.start_time
    limit 1;
  if not found then
    return new;
  end if;
  if not (${core2("other.")} && ${core2("new.")}) then
    buffer_part := case when ${occupied2("other.")} && ${core2("new.")}
      then format(' (with its %s-minute buffer)', other.buffer_minutes)
      else format(' (this appointment''s %s-minute buffer runs into it)', new.buffer_minutes) end;
  end if;
  raise exception using
    errcode = 'exclusion_violation',
    message = format('Overlaps appointment %s on %s from %s to %s%s', other.id, other.date,
      to_char(other.start_time, 'HH24:MI'), to_char(other.end_time, 'HH24:MI'), buffer_part),
    detail = format('That appointment is %s, with %s.', other.status, coalesce(other.client_name, 'a client')),
    hint = 'Choose a time that does not overlap, or move or cancel the other appointment first.';
end $$;
`;
  }
});

// src/server/db/migrations/0009-bulk-writes.ts
var bulkWrites;
var init_bulk_writes = __esm({
  "src/server/db/migrations/0009-bulk-writes.ts"() {
    "use strict";
    init_indexed_overlaps();
    bulkWrites = {
      version: 9,
      name: "overlap check by date index; rows already there skip it",
      sql: [indexedOverlaps].join("\n")
    };
  }
});

// src/server/db/migrations/0010-closures.ts
var closures;
var init_closures = __esm({
  "src/server/db/migrations/0010-closures.ts"() {
    "use strict";
    closures = {
      version: 10,
      name: "closures: time off beside the weekly hours",
      sql: `
create table public.closures (
  id uuid not null default gen_random_uuid(),
  starts_at timestamp not null,
  ends_at timestamp not null,
  reason text,
  therapist_id uuid not null default auth.uid(),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint closures_pkey primary key (therapist_id, id),
  constraint closures_ends_after_start check (ends_at > starts_at),
  constraint closures_reason_check check (reason is null or (btrim(reason) <> '' and length(reason) <= 200))
);
-- The calendar's question is "which closures touch this window": ranges by start within a practice.
create index closures_window on public.closures (therapist_id, starts_at, ends_at);
comment on table public.closures is 'Time off: the practice is closed from starts_at to ends_at (local time, the practice''s zone), whatever business_hours say.';
comment on column public.closures.id is 'Chosen by the server unless the client sends one (which makes a retried create safe).';
comment on column public.closures.therapist_id is 'The practice the row belongs to: its therapist''s user id. Defaults to the caller.';
comment on column public.closures.starts_at is 'First closed moment, local time (YYYY-MM-DDTHH:MM).';
comment on column public.closures.ends_at is 'First moment open again, local time; after starts_at. A closed day 2026-12-24 ends at 2026-12-25T00:00.';
comment on column public.closures.reason is 'Why, shown in hours show and appt week (holidays, training). Up to 200 characters.';

alter table public.closures enable row level security;
create policy own_practice on public.closures for all to authenticated
  using (therapist_id = (select auth.uid()))
  with check (therapist_id = (select auth.uid()));
revoke all on public.closures from anon, authenticated, service_role;
grant select on public.closures to anon;
grant select, insert, update, delete on public.closures to authenticated;
grant all on public.closures to service_role;

create trigger touch_updated_at before update on public.closures
  for each row execute function practice_private.touch_updated_at();
`
    };
  }
});

// src/server/db/migrations/0011-schema-version.ts
var schemaVersion;
var init_schema_version = __esm({
  "src/server/db/migrations/0011-schema-version.ts"() {
    "use strict";
    schemaVersion = {
      version: 11,
      name: "practice_schema_version(): the highest migration applied",
      sql: `
create function public.practice_schema_version() returns integer
  language sql stable security definer set search_path = ''
  as $$ select max(version) from practice_private.schema_migrations $$;
comment on function public.practice_schema_version() is 'The highest schema migration applied to this database; a client compares it with the version a function it needs arrived in.';
revoke all on function public.practice_schema_version() from public;
grant execute on function public.practice_schema_version() to anon, authenticated, service_role;
`
    };
  }
});

// src/server/db/migrations/0012/free-time.ts
var ME, openings, hours, busy, freeTimeFunctions;
var init_free_time = __esm({
  "src/server/db/migrations/0012/free-time.ts"() {
    "use strict";
    ME = "(select auth.uid())";
    openings = `
  with days as (
    select day::date as day from generate_series(day_from, day_to, interval '1 day') as day
  ), hours_set as (
    select exists (select 1 from public.business_hours where therapist_id = ${ME}) as set
  )
  select days.day, tsrange(days.day + hours.open_time, days.day + hours.close_time) as opening
  from days join public.business_hours as hours
    on hours.therapist_id = ${ME}
   and hours.day_of_week = (array['monday','tuesday','wednesday','thursday','friday','saturday','sunday'])[extract(isodow from days.day)]
  union all
  select days.day, tsrange(days.day, days.day + time '23:59') from days, hours_set where not hours_set.set`;
    hours = `
  with openings as (${openings}
  ), closed as (
    select coalesce(range_agg(tsrange(closure.starts_at, closure.ends_at)), '{}'::tsmultirange) as ranges
    from public.closures as closure
    where closure.therapist_id = ${ME} and closure.starts_at < day_to + 1 and closure.ends_at > day_from::timestamp
  )
  select row_number() over () as n, openings.day, openings.opening, tsmultirange(openings.opening) - closed.ranges as usable
  from openings, closed`;
    busy = `
  select coalesce(range_agg(tsrange(booked."date" + booked.start_time, booked."date" + booked.end_time + booked.buffer_minutes * interval '1 minute')), '{}'::tsmultirange) as ranges
  from public.appointments as booked
  where booked.therapist_id = ${ME} and booked."date" between day_from - 1 and day_to + 1
    and booked.status not in ('cancelled', 'no_show')`;
    freeTimeFunctions = `
-- The free time: inside the openings, outside closures and bookings, not before not_before.
create function public.free_windows(day_from date, day_to date, not_before timestamp default null)
returns table (date date, start_time text, end_time text)
language plpgsql stable security invoker
-- JIT would compile for longer than the answer takes (the planner cannot know how few rows a period
-- holds), and one plan a session serves every call: the arguments change no plan worth a new one.
set jit = off set plan_cache_mode = force_generic_plan as $$
begin
  return query
  with busy as (${busy}
  ), hours as (${hours}
  )
  select hours.day, to_char(lower(free), 'HH24:MI'), to_char(upper(free), 'HH24:MI')
  from hours, busy,
    unnest(hours.usable - busy.ranges
      - case when not_before is null then '{}'::tsmultirange else tsmultirange(tsrange(null, not_before)) end) as free
  order by 1, 2;
end
$$;
comment on function public.free_windows(date, date, timestamp) is 'Free time from day_from to day_to (local), not before not_before: the opening hours less closures and bookings with their buffers. Times only.';

-- Where a visit of length_minutes fits, its buffer_after kept free after it: every step_minutes from
-- the opening, plus each edge (an opening, the end of a booking and its buffer, the end of a closure),
-- as long as the visit lies inside one free window and its buffer touches no booking.
create function public.free_slots(day_from date, day_to date, length_minutes integer, buffer_after integer default 0,
  step_minutes integer default 15, not_before timestamp default null)
returns table (date date, start_time text, end_time text)
language plpgsql stable security invoker
-- JIT would compile for longer than the answer takes (the planner cannot know how few rows a period
-- holds), and one plan a session serves every call: the arguments change no plan worth a new one.
set jit = off set plan_cache_mode = force_generic_plan as $$
begin
  if day_to < day_from or day_to > day_from + 365 then
    raise exception 'the range runs from % to %: it must end on or after its start, within 366 days', day_from, day_to using errcode = '22023';
  end if;
  if length_minutes is null or length_minutes not between 1 and 1439 then
    raise exception 'length_minutes must be 1 to 1439; got %', length_minutes using errcode = '22023';
  end if;
  if step_minutes is null or step_minutes not between 1 and 1439 then
    raise exception 'step_minutes must be 1 to 1439; got %', step_minutes using errcode = '22023';
  end if;
  if buffer_after is null or buffer_after not between 0 and 1440 then
    raise exception 'buffer_after must be 0 to 1440; got %', buffer_after using errcode = '22023';
  end if;
  return query
  with busy as (${busy}
  ), hours as (${hours}
  ), windows as (
    -- The free windows, each with the opening its grid counts from; an edge is where one starts,
    -- unless it starts only because it is now.
    select hours.day, lower(hours.opening) as origin, lower(free) as opens, upper(free) as closes,
      not_before is null or lower(free) <> not_before or lower(free) = lower(hours.opening) as edge
    from hours, busy,
      unnest(hours.usable - busy.ranges
        - case when not_before is null then '{}'::tsmultirange else tsmultirange(tsrange(null, not_before)) end) as free
  ), starts as (
    select windows.day, windows.closes, windows.opens as start from windows where windows.edge
    union all
    select windows.day, windows.closes, grid
    from windows, generate_series(
      windows.origin + ceil(extract(epoch from windows.opens - windows.origin) / 60 / step_minutes) * step_minutes * interval '1 minute',
      windows.closes - length_minutes * interval '1 minute', step_minutes * interval '1 minute') as grid
    where grid > windows.opens or not windows.edge
  )
  -- Inside its window the visit is open and clear of bookings; its buffer must clear them too.
  select starts.day, to_char(starts.start, 'HH24:MI'), to_char(starts.start + length_minutes * interval '1 minute', 'HH24:MI')
  from starts, busy
  where starts.start + length_minutes * interval '1 minute' <= starts.closes
    and not busy.ranges && tsrange(starts.start, starts.start + (length_minutes + buffer_after) * interval '1 minute')
  order by 1, 2;
end
$$;
comment on function public.free_slots(date, date, integer, integer, integer, timestamp) is 'Each start where a visit of length_minutes (and buffer_after kept free after it) fits, from day_from to day_to, on a grid of step_minutes from the opening plus the edges of the free time. Times only: safe for a public page.';

-- The answer of \`appt slots --json\`: the range, the length asked for, and each day with its free time
-- and, given a service or a length, its slots. A service gives its duration and its buffer.
create function public.free_time(day_from date, day_to date, not_before timestamp default null, time_zone text default null,
  service uuid default null, length_minutes integer default null, buffer_after integer default null, step_minutes integer default 15)
returns jsonb
language plpgsql stable security invoker
-- JIT would compile for longer than the answer takes (the planner cannot know how few rows a period
-- holds), and one plan a session serves every call: the arguments change no plan worth a new one.
set jit = off set plan_cache_mode = force_generic_plan as $$
declare
  offered_name text;
  now_local timestamp := coalesce(not_before, case when time_zone is null then null else now() at time zone time_zone end);
  visit_minutes integer := length_minutes;
  buffer integer := coalesce(buffer_after, 0);
  answer jsonb;
begin
  if day_to < day_from or day_to > day_from + 365 then
    raise exception 'the range runs from % to %: it must end on or after its start, within 366 days', day_from, day_to using errcode = '22023';
  end if;
  if service is not null then
    if length_minutes is not null then
      raise exception 'give a service or a length, not both' using errcode = '22023';
    end if;
    select menu.name, menu.duration, menu.buffer_minutes into offered_name, visit_minutes, buffer
    from public.service_menu as menu where menu.therapist_id = ${ME} and menu.id = service;
    if not found then
      raise exception 'no service %', service using errcode = '22023', hint = 'List the services with practice service list.';
    end if;
  end if;
  with hours as (${hours}
  ), free as (
    select * from public.free_windows(day_from, day_to, now_local)
  ), slots as (
    select * from public.free_slots(day_from, day_to, visit_minutes, buffer, step_minutes, now_local) where visit_minutes is not null
  ), days as (
    select day::date as date from generate_series(day_from, day_to, interval '1 day') as day
  )
  select jsonb_build_object(
    'from', day_from, 'to', day_to, 'time_zone', time_zone,
    'service_id', service, 'service_name', offered_name,
    'duration_minutes', visit_minutes, 'buffer_minutes', case when visit_minutes is null then null else buffer end,
    'step_minutes', case when visit_minutes is null then null else step_minutes end,
    'business_hours_set', exists (select 1 from public.business_hours where therapist_id = ${ME}),
    'days', coalesce(jsonb_agg(jsonb_build_object(
      'date', days.date,
      'day_of_week', (array['monday','tuesday','wednesday','thursday','friday','saturday','sunday'])[extract(isodow from days.date)],
      'closed', not exists (select 1 from hours where hours.day = days.date),
      'closures', (select coalesce(jsonb_agg(jsonb_build_object(
          'start', to_char(greatest(starts_at, days.date::timestamp), 'HH24:MI'),
          'end', case when ends_at >= days.date + 1 then '24:00' else to_char(ends_at, 'HH24:MI') end,
          'reason', reason) order by starts_at), '[]')
        from public.closures where therapist_id = ${ME} and starts_at < days.date + 1 and ends_at > days.date::timestamp),
      'free', (select coalesce(jsonb_agg(jsonb_build_object('start', free.start_time, 'end', free.end_time) order by free.start_time), '[]')
        from free where free.date = days.date)
    ) || case when visit_minutes is null then '{}'::jsonb else jsonb_build_object('slots', (select coalesce(jsonb_agg(jsonb_build_object('start', slots.start_time, 'end', slots.end_time) order by slots.start_time), '[]')
        from slots where slots.date = days.date)) end
    order by days.date), '[]'))
  into answer
  from days;
  return answer;
end
$$;
comment on function public.free_time(date, date, timestamp, text, uuid, integer, integer, integer) is 'The appt slots answer: each day from day_from to day_to with its closures, free time and, given a service or length_minutes, its slots; today from not_before (or now in time_zone) on.';
`;
  }
});

// src/server/db/migrations/0012/missing-notes.ts
var ME2, missingNotesFunction;
var init_missing_notes = __esm({
  "src/server/db/migrations/0012/missing-notes.ts"() {
    "use strict";
    ME2 = "(select auth.uid())";
    missingNotesFunction = `
create function public.missing_notes(since date, today date, unsigned_before timestamptz)
returns table (kind text, date date, client text, client_id uuid, appointment_id uuid, note_id uuid)
language sql stable security invoker
-- JIT would compile for longer than the answer takes (the planner cannot know how few rows a period
-- holds), and one plan a session serves every call: the arguments change no plan worth a new one.
set jit = off set plan_cache_mode = force_generic_plan as $$
  select 'no_note', visit."date", coalesce(visit.client_name, person.name, visit.client_id::text), visit.client_id, visit.id, null::uuid
  from public.appointments as visit
  left join public.clients as person on person.therapist_id = visit.therapist_id and person.id = visit.client_id
  where visit.therapist_id = ${ME2} and visit.status = 'completed' and visit."date" between since and today
    and not exists (select 1 from public.sessions as note where note.therapist_id = ${ME2} and note.appointment_id = visit.id)
  union all
  select 'unsigned', (note.created_at at time zone 'UTC')::date, coalesce(person.name, note.client_id::text), note.client_id, note.appointment_id, note.id
  from public.sessions as note
  left join public.clients as person on person.therapist_id = note.therapist_id and person.id = note.client_id
  where note.therapist_id = ${ME2} and note.signed_at is null and note.created_at < unsigned_before
    and (note.appointment_id is not null or (note.created_at at time zone 'UTC')::date >= since)
  order by 2, 1, 3
$$;
comment on function public.missing_notes(date, date, timestamptz) is 'Completed appointments from since to today without a note, and notes unsigned since before unsigned_before, oldest first. Practice only.';
`;
  }
});

// src/server/db/migrations/0012/pnl.ts
var ME3, ledgerRows, checkRange, pnlFunctions;
var init_pnl = __esm({
  "src/server/db/migrations/0012/pnl.ts"() {
    "use strict";
    ME3 = "(select auth.uid())";
    ledgerRows = `
  with months as (
    select to_char(at, 'YYYY-MM') as month
    from generate_series(date_trunc('month', day_from::timestamp), day_to::timestamp, interval '1 month') as at
  ), earned as (
    select to_char(visit."date", 'YYYY-MM') as month, coalesce(sum(visit.price), 0) as amount, count(*) filter (where visit.price is null) as unpriced
    from public.appointments as visit
    where visit.therapist_id = ${ME3} and visit."date" between day_from and day_to and visit.status = 'completed'
    group by 1
  ), spent as (
    select to_char(expense."date", 'YYYY-MM') as month, expense.category, sum(expense.amount) as amount
    from public.expenses as expense
    where expense.therapist_id = ${ME3} and expense."date" between day_from and day_to
    group by 1, 2
  ), categories as (
    select distinct spent.category from spent
  )
  select months.month, 0 as rank, 'appointments'::text as category,
    coalesce(earned.amount, 0) as revenue, 0::numeric as expenses, coalesce(earned.unpriced, 0)::integer as no_price
  from months left join earned on earned.month = months.month
  union all
  select months.month, 1, categories.category, 0, coalesce(spent.amount, 0), 0
  from months cross join categories
  left join spent on spent.month = months.month and spent.category = categories.category`;
    checkRange = `
  if day_to < day_from then
    raise exception 'the period ends (%) before it starts (%)', day_to, day_from using errcode = '22023';
  end if;`;
    pnlFunctions = `
create function public.pnl_ledger(day_from date, day_to date)
returns table (month text, category text, revenue numeric, expenses numeric, net numeric, no_price integer)
language plpgsql stable security invoker
-- JIT would compile for longer than the answer takes (the planner cannot know how few rows a period
-- holds), and one plan a session serves every call: the arguments change no plan worth a new one.
set jit = off set plan_cache_mode = force_generic_plan as $$
begin
  ${checkRange}
  return query
  with ledger as (${ledgerRows})
  select ledger.month, ledger.category, ledger.revenue::numeric(14, 2), ledger.expenses::numeric(14, 2),
    (ledger.revenue - ledger.expenses)::numeric(14, 2), ledger.no_price
  from ledger order by ledger.month, ledger.rank, ledger.category;
end
$$;
comment on function public.pnl_ledger(date, date) is 'The accountant''s profit and loss: every month of the period x (appointments, then each expense category by name), zeros included. Practice only.';

create function public.pnl_by_month(day_from date, day_to date)
returns table (month text, revenue numeric, expenses numeric, net numeric, no_price integer)
language plpgsql stable security invoker
-- JIT would compile for longer than the answer takes (the planner cannot know how few rows a period
-- holds), and one plan a session serves every call: the arguments change no plan worth a new one.
set jit = off set plan_cache_mode = force_generic_plan as $$
begin
  ${checkRange}
  return query
  with ledger as (${ledgerRows})
  select ledger.month, sum(ledger.revenue)::numeric(14, 2), sum(ledger.expenses)::numeric(14, 2),
    sum(ledger.revenue - ledger.expenses)::numeric(14, 2), sum(ledger.no_price)::integer
  from ledger group by ledger.month order by ledger.month;
end
$$;
comment on function public.pnl_by_month(date, date) is 'Profit and loss per month of the period, empty months too. Practice only.';

create function public.pnl_by_category(day_from date, day_to date)
returns table (kind text, category text, amount numeric, no_price integer)
language plpgsql stable security invoker
-- JIT would compile for longer than the answer takes (the planner cannot know how few rows a period
-- holds), and one plan a session serves every call: the arguments change no plan worth a new one.
set jit = off set plan_cache_mode = force_generic_plan as $$
begin
  ${checkRange}
  return query
  with ledger as (${ledgerRows}
  ), lines as (
    select case when ledger.rank = 0 then 'revenue' else 'expense' end as kind, ledger.rank, ledger.category,
      sum(ledger.revenue + ledger.expenses) as amount, sum(ledger.no_price)::integer as no_price
    from ledger group by ledger.rank, ledger.category
    union all
    select 'net', 2, '', coalesce(sum(ledger.revenue - ledger.expenses), 0), 0 from ledger
  )
  select lines.kind, lines.category, lines.amount::numeric(14, 2), lines.no_price
  from lines order by lines.rank, lines.category;
end
$$;
comment on function public.pnl_by_category(date, date) is 'The profit and loss statement: revenue, each expense category by name, net. Practice only.';
`;
  }
});

// src/server/db/migrations/0012/periods.ts
var intervalLabel, intervalsOfPeriod, checkPeriod;
var init_periods = __esm({
  "src/server/db/migrations/0012/periods.ts"() {
    "use strict";
    intervalLabel = (day, unit) => `
  case ${unit} when 'day' then to_char(${day}, 'YYYY-MM-DD')
    when 'week' then to_char(date_trunc('week', ${day}), 'YYYY-MM-DD')
    else to_char(${day}, 'YYYY-MM') end`;
    intervalsOfPeriod = (unit) => `
  select ${intervalLabel("at", unit)} as label
  from generate_series(date_trunc(case ${unit} when 'week' then 'week' when 'month' then 'month' else 'day' end, day_from::timestamp), day_to::timestamp,
    case ${unit} when 'week' then interval '1 week' when 'month' then interval '1 month' else interval '1 day' end) as at
  where ${unit} in ('day', 'week', 'month')`;
    checkPeriod = (groupings) => `
  if day_to < day_from then
    raise exception 'the period ends (%) before it starts (%)', day_to, day_from using errcode = '22023';
  end if;
  if group_by is null or group_by not in (${groupings.map((name) => `'${name}'`).join(", ")}) then
    raise exception 'group_by must be one of ${groupings.join(", ")}; got %', group_by using errcode = '22023';
  end if;`;
  }
});

// src/server/db/migrations/0012/revenue.ts
var ME4, revenueFunction;
var init_revenue = __esm({
  "src/server/db/migrations/0012/revenue.ts"() {
    "use strict";
    init_periods();
    ME4 = "(select auth.uid())";
    revenueFunction = `
create function public.revenue_report(day_from date, day_to date, group_by text default 'day')
returns table (key text, label text, completed integer, revenue numeric, cancelled integer, no_show integer, no_price integer)
language plpgsql stable security invoker
-- JIT would compile for longer than the answer takes (the planner cannot know how few rows a period
-- holds), and one plan a session serves every call: the arguments change no plan worth a new one.
set jit = off set plan_cache_mode = force_generic_plan as $$
begin
  ${checkPeriod(["day", "week", "month", "service", "client"])}
  return query
  with visits as (
    select visit.status, visit.price,
      case when group_by in ('day', 'week', 'month') then ${intervalLabel('visit."date"', "group_by")}
        when group_by = 'service' then coalesce(visit.service_id::text, '')
        else visit.client_id::text end as key,
      case when group_by = 'service' then coalesce(menu.name, '(no service)')
        when group_by = 'client' then coalesce(visit.client_name, visit.client_id::text) end as name
    from public.appointments as visit
    left join public.service_menu as menu
      on group_by = 'service' and menu.therapist_id = visit.therapist_id and menu.id = visit.service_id
    where visit.therapist_id = ${ME4} and visit."date" between day_from and day_to
      and visit.status in ('completed', 'cancelled', 'no_show')
  ), intervals as (
    ${intervalsOfPeriod("group_by")}
  ), groups as (
    select intervals.label as key, intervals.label as name from intervals where group_by in ('day', 'week', 'month')
    union
    select distinct visits.key, visits.name from visits where group_by in ('service', 'client')
  )
  select groups.key, groups.name,
    (count(*) filter (where visits.status = 'completed'))::integer,
    coalesce(sum(visits.price) filter (where visits.status = 'completed'), 0)::numeric(14, 2),
    (count(*) filter (where visits.status = 'cancelled'))::integer,
    (count(*) filter (where visits.status = 'no_show'))::integer,
    (count(*) filter (where visits.status = 'completed' and visits.price is null))::integer
  from groups left join visits on visits.key = groups.key
  group by groups.key, groups.name
  order by case when group_by in ('day', 'week', 'month') then groups.key end,
    4 desc, 3 desc, groups.name, groups.key;
end
$$;
comment on function public.revenue_report(date, date, text) is 'Revenue of completed appointments at their kept price, with cancelled and no-show counts, by day, week, month (every interval of the period), service or client (most revenue first). Practice only.';
`;
  }
});

// src/server/db/migrations/0012/series-check.ts
var ME5, seriesCheckFunction;
var init_series_check = __esm({
  "src/server/db/migrations/0012/series-check.ts"() {
    "use strict";
    ME5 = "(select auth.uid())";
    seriesCheckFunction = `
-- occurrences: a JSON array of {"date": "YYYY-MM-DD", "start_time": "HH:MM", "end_time": "HH:MM"}.
create function public.series_check(occurrences jsonb, service uuid default null, moving uuid[] default '{}')
returns table (date date, kind text, reason text, opening text, other_id uuid, other_client text, other_date date,
  other_start text, other_end text, other_status text)
language plpgsql stable security invoker
-- JIT would compile for longer than the answer takes (the planner cannot know how few rows a period
-- holds), and one plan a session serves every call: the arguments change no plan worth a new one.
set jit = off set plan_cache_mode = force_generic_plan as $$
declare
  buffer integer := 0;
  hours_set boolean := exists (select 1 from public.business_hours as hours where hours.therapist_id = ${ME5});
begin
  if jsonb_typeof(occurrences) is distinct from 'array' or jsonb_array_length(occurrences) > 1000 then
    raise exception 'occurrences must be an array of at most 1000 {date, start_time, end_time}' using errcode = '22023';
  end if;
  if exists (select 1 from jsonb_array_elements(occurrences) as item where (item ->> 'end_time')::time <= (item ->> 'start_time')::time) then
    raise exception 'an occurrence ends before it starts' using errcode = '22023';
  end if;
  if service is not null then
    select coalesce(menu.buffer_minutes, 0) into buffer from public.service_menu as menu
    where menu.therapist_id = ${ME5} and menu.id = service;
  end if;
  return query
  with asked as (
    select distinct (item ->> 'date')::date as day, (item ->> 'start_time')::time as starts, (item ->> 'end_time')::time as ends
    from jsonb_array_elements(occurrences) as item
  ), occurrences as (
    select asked.day, asked.starts, asked.ends,
      tsrange(asked.day + asked.starts, asked.day + asked.ends) as visit,
      tsrange(asked.day + asked.starts, asked.day + asked.ends + coalesce(buffer, 0) * interval '1 minute') as kept,
      (array['monday','tuesday','wednesday','thursday','friday','saturday','sunday'])[extract(isodow from asked.day)] as weekday
    from asked
  ), overlapping as (
    select distinct on (occurrences.day, occurrences.starts) occurrences.day, occurrences.starts,
      other.id, coalesce(other.client_name, other.client_id::text) as client, other."date",
      to_char(other.start_time, 'HH24:MI') as other_starts, to_char(other.end_time, 'HH24:MI') as other_ends, other.status
    from occurrences
    join public.appointments as other
      on other.therapist_id = ${ME5} and other."date" between occurrences.day - 1 and occurrences.day + 1
     and other.status not in ('cancelled', 'no_show') and not other.id = any(coalesce(moving, '{}'))
     and tsrange(other."date" + other.start_time, other."date" + other.end_time + other.buffer_minutes * interval '1 minute') && occurrences.kept
    order by occurrences.day, occurrences.starts, other."date", other.start_time
  ), outside as (
    select occurrences.day, occurrences.starts,
      (select string_agg(to_char(hours.open_time, 'HH24:MI') || '-' || to_char(hours.close_time, 'HH24:MI'), ', ' order by hours.open_time)
       from public.business_hours as hours where hours.therapist_id = ${ME5} and hours.day_of_week = occurrences.weekday) as opening
    from occurrences
    where hours_set and not exists (
      select 1 from public.business_hours as hours
      where hours.therapist_id = ${ME5} and hours.day_of_week = occurrences.weekday
        and hours.open_time <= occurrences.starts and occurrences.ends <= hours.close_time)
  ), closed as (
    select distinct on (occurrences.day, occurrences.starts) occurrences.day, occurrences.starts,
      case when closure.reason is null then 'closed' else 'closed: ' || closure.reason end as reason
    from occurrences
    join public.closures as closure
      on closure.therapist_id = ${ME5} and closure.starts_at < occurrences.day + 2 and closure.ends_at > occurrences.day - 1
     and tsrange(closure.starts_at, closure.ends_at) && occurrences.visit
    order by occurrences.day, occurrences.starts, closure.starts_at
  )
  select found.day, found.kind, found.reason, found.opening, found.id, found.client, found.other_date, found.other_starts, found.other_ends, found.status
  from (
    select overlapping.day, overlapping.starts, 0 as rank, 'overlap' as kind, 'overlaps' as reason, null::text as opening, overlapping.id, overlapping.client,
      overlapping."date" as other_date, overlapping.other_starts, overlapping.other_ends, overlapping.status
    from overlapping
    union all
    select closed.day, closed.starts, 1, 'closure', closed.reason, null, null, null, null, null, null, null from closed
    union all
    select outside.day, outside.starts, 2, 'hours', case when outside.opening is null then 'a closed day' else 'outside business hours' end,
      outside.opening, null, null, null, null, null, null
    from outside
  ) as found
  order by found.day, found.starts, found.rank;
end
$$;
comment on function public.series_check(jsonb, uuid, uuid[]) is 'For each occurrence {date, start_time, end_time} of a series (with the service''s buffer): the appointment it overlaps (refused), a closure, a closed day or a time outside the hours (advice; opening names the day''s hours). moving names appointments being moved, left out. Practice only.';
`;
  }
});

// src/server/db/migrations/0012/visits.ts
var ME6, visitFunctions;
var init_visits = __esm({
  "src/server/db/migrations/0012/visits.ts"() {
    "use strict";
    init_periods();
    ME6 = "(select auth.uid())";
    visitFunctions = `
-- The no-show rate is over the appointments that were due to happen (completed + no-show), the
-- cancellation rate over every appointment booked in the period; percent, one decimal, half up.
create function public.visits_report(day_from date, day_to date, group_by text default 'week')
returns table (key text, label text, booked integer, visits integer, no_show integer, cancelled integer,
  no_show_rate numeric, cancellation_rate numeric)
language plpgsql stable security invoker
-- JIT would compile for longer than the answer takes (the planner cannot know how few rows a period
-- holds), and one plan a session serves every call: the arguments change no plan worth a new one.
set jit = off set plan_cache_mode = force_generic_plan as $$
begin
  ${checkPeriod(["day", "week", "month", "service"])}
  return query
  with booked as (
    select visit.status,
      case when group_by = 'service' then coalesce(visit.service_id::text, '') else ${intervalLabel('visit."date"', "group_by")} end as key,
      case when group_by = 'service' then coalesce(menu.name, '(no service)') end as name
    from public.appointments as visit
    left join public.service_menu as menu
      on group_by = 'service' and menu.therapist_id = visit.therapist_id and menu.id = visit.service_id
    where visit.therapist_id = ${ME6} and visit."date" between day_from and day_to
  ), intervals as (
    ${intervalsOfPeriod("group_by")}
  ), groups as (
    select intervals.label as key, intervals.label as name from intervals where group_by <> 'service'
    union
    select distinct booked.key, booked.name from booked where group_by = 'service'
  ), counts as (
    select groups.key, groups.name, count(booked.status)::integer as booked,
      (count(*) filter (where booked.status = 'completed'))::integer as visits,
      (count(*) filter (where booked.status = 'no_show'))::integer as no_show,
      (count(*) filter (where booked.status = 'cancelled'))::integer as cancelled
    from groups left join booked on booked.key = groups.key
    group by groups.key, groups.name
  )
  select counts.key, counts.name, counts.booked, counts.visits, counts.no_show, counts.cancelled,
    case when counts.visits + counts.no_show = 0 then null else round(counts.no_show * 100.0 / (counts.visits + counts.no_show), 1) end,
    case when counts.booked = 0 then null else round(counts.cancelled * 100.0 / counts.booked, 1) end
  from counts
  order by case when group_by <> 'service' then counts.key end, counts.booked desc, counts.name;
end
$$;
comment on function public.visits_report(date, date, text) is 'Bookings of the period by day, week, month or service: booked, visits (completed), no-shows, cancellations and their rates in percent. Practice only.';

-- New: their first completed visit ever is in the period; returning: they came in it and before;
-- lapsed: no completed visit for lapse_days before the period's end (or today, if earlier) and nothing
-- scheduled or confirmed from today on.
create function public.clients_report(day_from date, day_to date, today date, lapse_days integer default 60, lapsed_only boolean default false)
returns table (client_id uuid, client text, kind text, first_visit date, last_visit date, visits integer, revenue numeric,
  all_visits integer, all_revenue numeric)
language plpgsql stable security invoker
-- JIT would compile for longer than the answer takes (the planner cannot know how few rows a period
-- holds), and one plan a session serves every call: the arguments change no plan worth a new one.
set jit = off set plan_cache_mode = force_generic_plan as $$
begin
  if day_to < day_from then
    raise exception 'the period ends (%) before it starts (%)', day_to, day_from using errcode = '22023';
  end if;
  if lapse_days is null or lapse_days < 0 then
    raise exception 'lapse_days must be 0 or more; got %', lapse_days using errcode = '22023';
  end if;
  return query
  with history as (
    select visit.client_id as id, (array_agg(coalesce(visit.client_name, visit.client_id::text) order by visit."date" desc))[1] as name,
      min(visit."date") as first, max(visit."date") as last,
      (count(*) filter (where visit."date" >= day_from))::integer as visits,
      coalesce(sum(visit.price) filter (where visit."date" >= day_from), 0) as revenue,
      count(*)::integer as all_visits, coalesce(sum(visit.price), 0) as all_revenue
    from public.appointments as visit
    where visit.therapist_id = ${ME6} and visit.status = 'completed' and visit."date" <= day_to
    group by visit.client_id
  ), kinds as (
    select history.*,
      case when history.visits > 0 then case when history.first >= day_from then 'new' else 'returning' end
        when history.last <= least(day_to, today) - lapse_days and not exists (
          select 1 from public.appointments as ahead
          where ahead.therapist_id = ${ME6} and ahead.client_id = history.id and ahead."date" >= today
            and ahead.status in ('scheduled', 'confirmed')) then 'lapsed' end as kind
    from history
  )
  select kinds.id, kinds.name, kinds.kind, kinds.first, kinds.last, kinds.visits, kinds.revenue::numeric(14, 2),
    kinds.all_visits, kinds.all_revenue::numeric(14, 2)
  from kinds
  where kinds.kind is not null and (not lapsed_only or kinds.kind = 'lapsed')
  order by array_position(array['new', 'returning', 'lapsed'], kinds.kind), kinds.last desc, kinds.name;
end
$$;
comment on function public.clients_report(date, date, date, integer, boolean) is 'Clients of the period: new, returning, and lapsed (not seen for lapse_days and nothing booked from today), with visits and revenue in the period and ever. Practice only.';
`;
  }
});

// src/server/db/migrations/0012-answers.ts
var ANSWER_FUNCTIONS, grants, answers;
var init_answers = __esm({
  "src/server/db/migrations/0012-answers.ts"() {
    "use strict";
    init_free_time();
    init_missing_notes();
    init_pnl();
    init_revenue();
    init_series_check();
    init_visits();
    ANSWER_FUNCTIONS = [
      "free_windows(date, date, timestamp)",
      "free_slots(date, date, integer, integer, integer, timestamp)",
      "free_time(date, date, timestamp, text, uuid, integer, integer, integer)",
      "series_check(jsonb, uuid, uuid[])",
      "revenue_report(date, date, text)",
      "pnl_ledger(date, date)",
      "pnl_by_month(date, date)",
      "pnl_by_category(date, date)",
      "visits_report(date, date, text)",
      "clients_report(date, date, date, integer, boolean)",
      "missing_notes(date, date, timestamptz)"
    ];
    grants = ANSWER_FUNCTIONS.map((signature) => `
revoke all on function public.${signature} from public, anon;
grant execute on function public.${signature} to authenticated, service_role;`).join("");
    answers = {
      version: 12,
      name: "the practice's answers as SQL functions (free time, series check, reports, missing notes)",
      sql: [freeTimeFunctions, seriesCheckFunction, revenueFunction, pnlFunctions, visitFunctions, missingNotesFunction, grants].join("\n")
    };
  }
});

// src/server/db/migrations/0013/reminders-remember.ts
var remindersRemember;
var init_reminders_remember = __esm({
  "src/server/db/migrations/0013/reminders-remember.ts"() {
    "use strict";
    remindersRemember = `
alter table public.reminders
  add column kind text not null default 'reminder',
  add column announced_date date,
  add column announced_start time,
  add column follows_id uuid;

-- Rows from before this migration announced the time the appointment has now, as far as anyone knows.
update public.reminders r set announced_date = a.date, announced_start = a.start_time
  from public.appointments a where a.therapist_id = r.therapist_id and a.id = r.appointment_id;

alter table public.reminders
  alter column announced_date set not null,
  alter column announced_start set not null,
  drop constraint reminders_appointment_key,
  add constraint reminders_kind_check check (kind in ('reminder', 'changed', 'cancelled')),
  add constraint reminders_follows_check check ((kind = 'reminder') = (follows_id is null)),
  add constraint reminders_follows_fkey foreign key (therapist_id, follows_id)
    references public.reminders (therapist_id, id) on delete cascade,
  -- One notice after each message: two runs that both see a visit moved cannot both tell the client.
  add constraint reminders_follows_key unique (therapist_id, follows_id);
-- One first reminder per appointment, as before.
create unique index reminders_first_key on public.reminders (therapist_id, appointment_id) where kind = 'reminder';

-- A writer that does not say what it announced (an older CLI, a script) announced the appointment's
-- time as it is when the row is written, which is what the first reminder tells. An appointment the
-- caller cannot see gets the answer the foreign key would give, not a not-null error that tells more.
create function practice_private.announce_appointment_time() returns trigger
language plpgsql set search_path = '' as $$
begin
  if new.announced_date is null or new.announced_start is null then
    select coalesce(new.announced_date, a.date), coalesce(new.announced_start, a.start_time)
      into new.announced_date, new.announced_start
      from public.appointments a where a.therapist_id = new.therapist_id and a.id = new.appointment_id;
    -- A row for another practice is row-level security's to refuse (42501), after this trigger.
    if not found and new.therapist_id is not distinct from auth.uid() then
      raise exception using
        errcode = 'foreign_key_violation',
        message = 'insert or update on table "reminders" violates foreign key constraint "reminders_appointment_fkey"',
        detail = format('Key (therapist_id, appointment_id)=(%s, %s) is not present in table "appointments".', new.therapist_id, new.appointment_id);
    end if;
  end if;
  return new;
end $$;
create trigger announce_appointment_time before insert on public.reminders
  for each row execute function practice_private.announce_appointment_time();

comment on table public.reminders is 'One row per message a reminder run claimed about an appointment: the reminder, then notices of a change or cancellation, each following the one before. Claimed while it is being sent, then sent or failed; a failed one may be claimed again, a sent one never changes.';
comment on column public.reminders.kind is 'reminder (the first message), changed (the visit moved) or cancelled.';
comment on column public.reminders.announced_date is 'The day the message told the client (local, as appointments.date).';
comment on column public.reminders.announced_start is 'The start the message told the client (local, as appointments.start_time).';
comment on column public.reminders.follows_id is 'The message this notice follows; null for the first reminder. Each message is followed at most once.';
`;
  }
});

// src/server/db/migrations/0013/unresolved-appointments.ts
var unresolvedAppointments;
var init_unresolved_appointments = __esm({
  "src/server/db/migrations/0013/unresolved-appointments.ts"() {
    "use strict";
    unresolvedAppointments = `
-- Answers: the caller's appointments still scheduled or confirmed that ended at or before "before"
-- (local wall-clock time, the practice's zone, as appointments' date and times are), oldest first.
-- Who may call it: a signed-in therapist; security invoker, so row-level security keeps it to their own.
create function public.unresolved_appointments(before timestamp)
returns setof public.appointments
language sql stable security invoker set search_path = '' as $$
  select a.* from public.appointments a
  where a.status in ('scheduled', 'confirmed') and a.date + a.end_time <= before
  order by a.date, a.start_time, a.id
$$;
-- Supabase grants new functions to anon by default: the answer is for signed-in therapists only.
revoke all on function public.unresolved_appointments(timestamp) from public, anon;
grant execute on function public.unresolved_appointments(timestamp) to authenticated, service_role;
`;
  }
});

// src/server/db/migrations/0013-calendar-answers.ts
var calendarAnswers;
var init_calendar_answers = __esm({
  "src/server/db/migrations/0013-calendar-answers.ts"() {
    "use strict";
    init_reminders_remember();
    init_unresolved_appointments();
    calendarAnswers = {
      version: 13,
      name: "reminders keep the time they announced; unresolved_appointments",
      sql: remindersRemember + unresolvedAppointments
    };
  }
});

// src/server/db/migrations/0014-client-search-name.ts
var clientSearchName;
var init_client_search_name = __esm({
  "src/server/db/migrations/0014-client-search-name.ts"() {
    "use strict";
    clientSearchName = {
      version: 14,
      name: "clients: the name folded for search (case and accents ignored)",
      sql: `
-- One home of the folding (the CLI folds what it searches for the same way: core/search-text.ts).
-- NFKD splits \xE9 into e + U+0301 (and \uFF4A into j, \uFB01 into fi); the marks go; the letters whose accent is
-- no separable mark are spelled by hand; lower case last, when every letter has its base form.
create function practice_private.fold_for_search(text) returns text
  language sql immutable strict parallel safe
  return lower(replace(replace(replace(replace(replace(replace(
    translate(regexp_replace(normalize($1, NFKD), '[\\u0300-\\u036f]', '', 'g'), '\xF8\xD8\u0142\u0141\u0111\u0110\u0127\u0126\u0131', 'oOlLdDhHi'),
    '\xDF', 'ss'), '\u1E9E', 'SS'), '\xE6', 'ae'), '\xC6', 'AE'), '\u0153', 'oe'), '\u0152', 'OE'));
revoke all on function practice_private.fold_for_search(text) from public;
-- A write computes the column, so the roles that write clients may run the function.
grant execute on function practice_private.fold_for_search(text) to authenticated, service_role;

alter table public.clients
  add column search_name text generated always as (practice_private.fold_for_search(name)) stored;
comment on column public.clients.search_name is 'The name folded for search: lower case, accents off ("J\xFCrgen" is "jurgen"). Kept by the database; search it with ilike and text folded alike.';
`
    };
  }
});

// src/server/db/migrations/0015/audit-events.ts
var auditEvents;
var init_audit_events = __esm({
  "src/server/db/migrations/0015/audit-events.ts"() {
    "use strict";
    auditEvents = `
create function public.audit_record_event(action text, table_name text, client_id uuid, detail jsonb) returns bigint
language plpgsql volatile security definer set search_path = '' as $$
declare
  client_info constant text := nullif(pg_catalog.current_setting('request.headers', true), '')::jsonb ->> 'x-client-info';
  practice constant uuid := auth.uid();
begin
  if practice is null then
    raise exception 'only a signed-in user records events in their practice''s audit trail' using errcode = '42501';
  end if;
  if action is null or action not in ('export', 'erase') then
    raise exception 'audit_record_event takes the actions export and erase; got %', coalesce(action, 'none')
      using errcode = '22023', hint = 'Changes and reads of notes are recorded by the database and the service themselves.';
  end if;
  perform practice_private.audit_append(practice, practice,
    coalesce(nullif(pg_catalog.current_setting('role', true), 'none'), session_user::text), client_info,
    practice_private.audit_channel(client_info, true), coalesce(table_name, '*'), null, client_id, action, detail);
  return (select max(l.id) from public.audit_log l where l.therapist_id = practice);
end $$;
comment on function public.audit_record_event(text, text, uuid, jsonb) is 'Records an export (of the practice or of one client''s record) or an erasure in the caller''s audit trail; returns its position in the chain.';
revoke all on function public.audit_record_event(text, text, uuid, jsonb) from public;
grant execute on function public.audit_record_event(text, text, uuid, jsonb) to authenticated;
`;
  }
});

// src/server/db/migrations/0015/audit-log.ts
var auditLog;
var init_audit_log = __esm({
  "src/server/db/migrations/0015/audit-log.ts"() {
    "use strict";
    auditLog = `
create table public.audit_log (
  id bigint not null,
  therapist_id uuid not null,
  at timestamptz not null default pg_catalog.clock_timestamp(),
  actor uuid,
  actor_role text not null,
  via text not null,
  client_info text,
  table_name text not null,
  row_id text,
  client_id uuid,
  action text not null,
  changes jsonb,
  prev_hash text not null,
  hash text not null,
  constraint audit_log_pkey primary key (therapist_id, id),
  constraint audit_log_via_check check (via in ('cli', 'mcp', 'web', 'api', 'import', 'sql')),
  constraint audit_log_action_check check (action in ('insert', 'update', 'delete', 'read', 'export', 'backup', 'erase'))
);
-- "Everything about this client" (client export, client show's last access, audit --client).
create index audit_log_client on public.audit_log (therapist_id, client_id, id) where client_id is not null;
comment on table public.audit_log is 'Who did what to which row, through what, when: written by the database''s triggers and the service, never by a request. Each practice''s rows form a SHA-256 chain (audit_chain_breaks shows where it breaks).';
comment on column public.audit_log.id is 'Position in the practice''s chain: 1, 2, 3, ... without gaps.';
comment on column public.audit_log.actor is 'The user id (JWT sub) of the request; null for the service key and for direct database sessions.';
comment on column public.audit_log.actor_role is 'The role the request ran as (authenticated, service_role), or the database user of a direct session.';
comment on column public.audit_log.via is 'cli, mcp, web (supabase-js), import, api (any other HTTP client), sql (a direct database session): from the X-Client-Info header.';
comment on column public.audit_log.client_info is 'The X-Client-Info header as sent, e.g. practice-cli/1.2.0.';
comment on column public.audit_log.row_id is 'The id of the row changed; null for a read or export of several rows.';
comment on column public.audit_log.client_id is 'The client the row is about, when it is about one.';
comment on column public.audit_log.changes is 'insert: {column: {new}}; update: the changed columns {column: {old, new}}; delete: {column: {old}}; read: {rows, query}.';
comment on column public.audit_log.prev_hash is 'The hash of the practice''s previous row (64 zeros for its first).';
comment on column public.audit_log.hash is 'sha256 of prev_hash and this row''s fields (public.audit_entry_hash).';

-- The one definition of a row's hash: the chain is written with it and checked with it. Every name
-- in it is qualified; no pinned search_path, which would cost a setting's save and restore per row.
create function public.audit_entry_hash(entry public.audit_log) returns text
language sql immutable parallel safe as $$
  select pg_catalog.encode(pg_catalog.sha256(pg_catalog.convert_to(pg_catalog.jsonb_build_array(
    entry.prev_hash, entry.id, entry.therapist_id, (extract(epoch from entry.at) * 1000000)::bigint,
    entry.actor, entry.actor_role, entry.via, entry.client_info, entry.table_name, entry.row_id,
    entry.client_id, entry.action, entry.changes)::text, 'UTF8')), 'hex')
$$;
comment on function public.audit_entry_hash(public.audit_log) is 'The SHA-256 (hex) an audit row must carry, given its fields and prev_hash.';

-- Where each practice's chain does not hold, first row first: a row whose hash does not match its
-- fields (changed), that does not name the hash before it, or whose position skips (removed).
create view public.audit_chain_breaks with (security_invoker = true) as
select therapist_id, id, at, table_name, action,
  case
    when hash is distinct from public.audit_entry_hash(entry) then 'its fields do not match its hash: it was changed'
    when id <> coalesce(previous_id, 0) + 1 then 'rows before it are missing'
    when prev_hash is distinct from coalesce(previous_hash, pg_catalog.repeat('0', 64)) then 'it does not follow the row before it'
  end as problem
from (
  select entry.*, entry as entry,
    pg_catalog.lag(entry.id) over chain as previous_id,
    pg_catalog.lag(entry.hash) over chain as previous_hash
  from public.audit_log entry
  window chain as (partition by entry.therapist_id order by entry.id)
) chained
where hash is distinct from public.audit_entry_hash(entry)
   or id <> coalesce(previous_id, 0) + 1
   or prev_hash is distinct from coalesce(previous_hash, pg_catalog.repeat('0', 64));
comment on view public.audit_chain_breaks is 'The audit rows where the practice''s hash chain breaks; empty when the trail is intact.';

alter table public.audit_log enable row level security;
alter table public.audit_log force row level security;
create policy own_practice on public.audit_log for all to authenticated
  using (therapist_id = (select auth.uid()))
  with check (therapist_id = (select auth.uid()));
-- The writer of the trail is the owner, through the SECURITY DEFINER functions of audit-triggers.ts,
-- for any practice (service_role's writes carry no auth.uid()). Forced RLS applies to the owner, so
-- it gets this policy; no API role is a member of the owner.
do $writer$
begin
  execute pg_catalog.format('create policy trail_writer on public.audit_log for all to %I using (true) with check (true)', current_user);
end $writer$;
revoke all on public.audit_log, public.audit_chain_breaks from anon, authenticated, service_role;
grant select on public.audit_log, public.audit_chain_breaks to anon, authenticated, service_role;

-- Not even the owner changes a row over SQL without turning this off first (and then the chain
-- shows it). Requests never get this far: they hold no privilege but select.
create function practice_private.refuse_audit_change() returns trigger
language plpgsql set search_path = '' as $$
begin
  raise exception 'the audit trail is append-only: its rows are never changed or removed'
    using errcode = '42501', hint = 'Nothing was changed.';
end $$;
create trigger append_only before update or delete on public.audit_log
  for each statement execute function practice_private.refuse_audit_change();
create trigger append_only_truncate before truncate on public.audit_log
  for each statement execute function practice_private.refuse_audit_change();
`;
  }
});

// src/server/db/migrations/0015/audit-triggers.ts
var auditTriggers;
var init_audit_triggers = __esm({
  "src/server/db/migrations/0015/audit-triggers.ts"() {
    "use strict";
    auditTriggers = `
-- Through what a write came, from the X-Client-Info header (DESIGN.md: practice-cli/<v>,
-- practice-mcp/<v>, supabase-js/<v>); any other HTTP client is api; no request at all (psql, a
-- migration) is sql.
-- No pinned search_path here or in audit_append: each is called only from the definer functions
-- below, whose empty search_path they inherit, and a SET on every call of a per-row helper costs.
create function practice_private.audit_channel(client_info text, in_request boolean) returns text
language sql immutable as $$
  select case
    when client_info like 'practice-cli/%' then 'cli'
    when client_info like 'practice-mcp/%' then 'mcp'
    when client_info like 'practice-import/%' then 'import'
    when client_info like 'supabase-js%' then 'web'
    when in_request then 'api'
    else 'sql'
  end
$$;

-- Appends one row to the practice's chain. The advisory lock is the practice's own (a 64-bit key
-- from its id): writers of one practice take turns at the chain's head until they commit, writers
-- of two practices never wait on each other. Runs as its caller: the owner, or the definer
-- functions below (no API role may execute it).
create function practice_private.audit_append(practice uuid, actor uuid, actor_role text, client_info text,
  via text, table_name text, row_id text, client_id uuid, action text, changes jsonb) returns void
language plpgsql as $$
declare
  entry public.audit_log;
  head record;
begin
  perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtextextended('practice audit chain ' || practice::text, 0));
  select l.id, l.hash into head from public.audit_log l where l.therapist_id = practice order by l.id desc limit 1;
  entry.id := coalesce(head.id, 0) + 1;
  entry.prev_hash := coalesce(head.hash, pg_catalog.repeat('0', 64));
  entry.therapist_id := practice;
  entry.at := pg_catalog.clock_timestamp();
  entry.actor := actor;
  entry.actor_role := actor_role;
  entry.via := via;
  entry.client_info := client_info;
  entry.table_name := table_name;
  entry.row_id := row_id;
  entry.client_id := client_id;
  entry.action := action;
  entry.changes := changes;
  entry.hash := public.audit_entry_hash(entry);
  insert into public.audit_log values (entry.*);
end $$;
revoke all on function practice_private.audit_append from public;

-- The trigger of every practice table: what changed, column by column, appended for the request.
create function practice_private.audit_row_change() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  before_row constant jsonb := case when tg_op <> 'INSERT' then pg_catalog.to_jsonb(old) end;
  after_row constant jsonb := case when tg_op <> 'DELETE' then pg_catalog.to_jsonb(new) end;
  subject constant jsonb := coalesce(after_row, before_row);
  headers constant jsonb := nullif(pg_catalog.current_setting('request.headers', true), '')::jsonb;
  client_info constant text := headers ->> 'x-client-info';
  changes jsonb;
begin
  select pg_catalog.jsonb_object_agg(column_name, case tg_op
      when 'INSERT' then pg_catalog.jsonb_build_object('new', after_row -> column_name)
      when 'DELETE' then pg_catalog.jsonb_build_object('old', before_row -> column_name)
      else pg_catalog.jsonb_build_object('old', before_row -> column_name, 'new', after_row -> column_name) end)
    into changes
    from pg_catalog.jsonb_object_keys(subject) column_name
    where column_name <> 'therapist_id'
      and case tg_op
        when 'INSERT' then after_row -> column_name <> 'null'::jsonb
        when 'DELETE' then before_row -> column_name <> 'null'::jsonb
        else before_row -> column_name is distinct from after_row -> column_name end;
  perform practice_private.audit_append(
    (subject ->> 'therapist_id')::uuid,
    auth.uid(),
    coalesce(nullif(pg_catalog.current_setting('role', true), 'none'), session_user::text),
    client_info,
    practice_private.audit_channel(client_info, coalesce(pg_catalog.current_setting('request.method', true), '') <> ''),
    tg_table_name,
    subject ->> 'id',
    case when tg_table_name = 'clients' then subject ->> 'id' else subject ->> 'client_id' end::uuid,
    pg_catalog.lower(tg_op),
    changes);
  return null;
end $$;

do $audited$
declare
  practice_table record;
begin
  for practice_table in select tablename from pg_catalog.pg_tables where schemaname = 'public' and tablename <> 'audit_log' loop
    execute pg_catalog.format('create trigger audit_change after insert or update or delete on public.%I
      for each row execute function practice_private.audit_row_change()', practice_table.tablename);
  end loop;
end $audited$;

-- What the service records itself (reads of clinical notes, exports, backups): the same chain,
-- called as the owner with the request's facts, one row per client the rows are about.
create function practice_private.audit_access(practice uuid, actor uuid, actor_role text, client_info text,
  table_name text, action text, row_ids text[], client_ids uuid[], detail jsonb) returns void
language plpgsql security definer set search_path = '' as $$
declare
  about record;
begin
  for about in
    select c.client_id, pg_catalog.array_agg(c.row_id order by c.row_id) as rows
    from rows from (pg_catalog.unnest(row_ids), pg_catalog.unnest(client_ids)) as c(row_id, client_id)
    group by c.client_id
  loop
    perform practice_private.audit_append(practice, actor, actor_role, client_info,
      practice_private.audit_channel(client_info, true), table_name, null, about.client_id, action,
      detail || pg_catalog.jsonb_build_object('rows', pg_catalog.to_jsonb(about.rows)));
  end loop;
end $$;
revoke all on function practice_private.audit_access from public;
`;
  }
});

// src/server/db/migrations/0015/forced-rls.ts
var forcedRowLevelSecurity;
var init_forced_rls = __esm({
  "src/server/db/migrations/0015/forced-rls.ts"() {
    "use strict";
    forcedRowLevelSecurity = `
do $forced$
declare
  practice_table record;
begin
  for practice_table in select tablename from pg_catalog.pg_tables where schemaname = 'public' loop
    execute pg_catalog.format('alter table public.%I force row level security', practice_table.tablename);
  end loop;
end $forced$;
`;
  }
});

// src/server/db/migrations/0015/practice-settings.ts
var SETTING_KEYS, practiceSettings;
var init_practice_settings = __esm({
  "src/server/db/migrations/0015/practice-settings.ts"() {
    "use strict";
    SETTING_KEYS = [
      "clinical_retention_years",
      "financial_retention_years",
      "practice_name",
      "address",
      "tax_id",
      "license_number",
      "payment_instructions"
    ];
    practiceSettings = `
create table public.practice_settings (
  id uuid not null default gen_random_uuid(),
  key text not null,
  value text not null,
  therapist_id uuid not null default auth.uid(),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint practice_settings_pkey primary key (therapist_id, id),
  constraint practice_settings_key_unique unique (therapist_id, key),
  constraint practice_settings_key_check check (key in (${SETTING_KEYS.map((key) => `'${key}'`).join(", ")})),
  constraint practice_settings_value_check check (case
    when key like '%_retention_years' then value ~ '^([1-9][0-9]?|100)$'
    else btrim(value) <> '' and length(value) <= 2000 end)
);
comment on table public.practice_settings is 'The practice''s settings, one row per key: retention periods in years and the practice''s details (name, address, tax or VAT id, licence or NPI number, payment instructions).';
comment on column public.practice_settings.id is 'Chosen by the server unless the client sends one (which makes a retried create safe).';
comment on column public.practice_settings.therapist_id is 'The practice the row belongs to: its therapist''s user id. Defaults to the caller.';
comment on column public.practice_settings.key is 'Which setting: ${SETTING_KEYS.join(", ")}. One row per key.';
comment on column public.practice_settings.value is 'The setting''s value as text; a retention period is whole years, 1 to 100.';

alter table public.practice_settings enable row level security;
create policy own_practice on public.practice_settings for all to authenticated
  using (therapist_id = (select auth.uid()))
  with check (therapist_id = (select auth.uid()));
revoke all on public.practice_settings from anon, authenticated, service_role;
grant select on public.practice_settings to anon;
grant select, insert, update, delete on public.practice_settings to authenticated;
grant all on public.practice_settings to service_role;

create trigger touch_updated_at before update on public.practice_settings
  for each row execute function practice_private.touch_updated_at();
`;
  }
});

// src/server/db/migrations/0015-audit-trail.ts
var auditTrail;
var init_audit_trail = __esm({
  "src/server/db/migrations/0015-audit-trail.ts"() {
    "use strict";
    init_audit_events();
    init_audit_log();
    init_audit_triggers();
    init_forced_rls();
    init_practice_settings();
    auditTrail = {
      version: 15,
      name: "forced row-level security and the audit trail",
      // The settings table first, so that it is forced and audited with every other table; the audit
      // table forces its own.
      sql: [practiceSettings, forcedRowLevelSecurity, auditLog, auditTriggers, auditEvents].join("\n")
    };
  }
});

// src/server/db/migrations/0016/balances.ts
var balances;
var init_balances = __esm({
  "src/server/db/migrations/0016/balances.ts"() {
    "use strict";
    balances = `
create function public.balances(for_client uuid default null, as_of date default current_date)
returns table (client_id uuid, client_name text, billed numeric, paid numeric, owed numeric,
  visits integer, covered_visits integer, oldest_unpaid date, days_unpaid integer)
language sql stable security invoker set search_path = '' set enable_nestloop = off as $$
  with paid as (
    select p.therapist_id, p.client_id, sum(case p.kind when 'payment' then p.amount else -p.amount end) as paid
    from public.payments p
    where for_client is null or p.client_id = for_client
    group by 1, 2
  ),
  -- Completed visits (those a package covers flagged, drawn on at most once each) and package sales.
  charges as (
    select a.therapist_id, a.client_id, a."date" as day, a.start_time as at, coalesce(a.price, 0) as amount,
      true as visit, d.appointment_id is not null as covered
    from public.appointments a
    left join public.package_draws(for_client) d on d.therapist_id = a.therapist_id and d.appointment_id = a.id
    where a.status = 'completed' and (for_client is null or a.client_id = for_client)
    union all
    select p.therapist_id, p.client_id, p.sold_on, time '00:00', p.price, false, false
    from public.packages p
    where for_client is null or p.client_id = for_client
  ),
  running as (
    select c.*, sum(case when c.covered then 0 else c.amount end)
      over (partition by c.therapist_id, c.client_id order by c.day, c.at rows unbounded preceding) as total
    from charges c
  ),
  billed as (
    select r.therapist_id, r.client_id, sum(r.amount) filter (where not r.covered) as billed,
      (count(*) filter (where r.visit))::integer as visits, (count(*) filter (where r.covered))::integer as covered_visits,
      min(r.day) filter (where not r.covered and r.amount > 0 and r.total > coalesce(p.paid, 0)) as oldest_unpaid
    from running r
    left join paid p on p.therapist_id = r.therapist_id and p.client_id = r.client_id
    group by 1, 2
  )
  select c.id, c.name, coalesce(b.billed, 0), coalesce(p.paid, 0), coalesce(b.billed, 0) - coalesce(p.paid, 0),
    coalesce(b.visits, 0), coalesce(b.covered_visits, 0), b.oldest_unpaid, as_of - b.oldest_unpaid
  from billed b
  full join paid p on p.therapist_id = b.therapist_id and p.client_id = b.client_id
  join public.clients c on c.therapist_id = coalesce(b.therapist_id, p.therapist_id) and c.id = coalesce(b.client_id, p.client_id)
  order by b.oldest_unpaid nulls last, c.name, c.id
$$;
comment on function public.balances(uuid, date) is 'Per client (all, or one) with anything billed or paid: billed (completed visits at their kept price less those packages cover, plus package sales), paid (payments less refunds and voids), owed, and the oldest unpaid charge, oldest first.';

revoke all on function public.package_draws(uuid), public.package_usage(uuid, date), public.balances(uuid, date) from public;
grant execute on function public.package_draws(uuid), public.package_usage(uuid, date), public.balances(uuid, date)
  to authenticated, service_role;
`;
  }
});

// src/server/db/migrations/0016/forced-and-audited.ts
var LEDGER_TABLES, forcedAndAudited;
var init_forced_and_audited = __esm({
  "src/server/db/migrations/0016/forced-and-audited.ts"() {
    "use strict";
    LEDGER_TABLES = ["packages", "payments"];
    forcedAndAudited = LEDGER_TABLES.map((table) => `
alter table public.${table} force row level security;
create trigger audit_change after insert or update or delete on public.${table}
  for each row execute function practice_private.audit_row_change();`).join("\n");
  }
});

// src/server/db/migrations/0016/ledger-rules.ts
var access2, reversalCheck, ledgerRules;
var init_ledger_rules = __esm({
  "src/server/db/migrations/0016/ledger-rules.ts"() {
    "use strict";
    access2 = (table) => `
alter table public.${table} enable row level security;
create policy own_practice on public.${table} for all to authenticated
  using (therapist_id = (select auth.uid()))
  with check (therapist_id = (select auth.uid()));
revoke all on public.${table} from anon, authenticated, service_role;
grant select on public.${table} to anon;
grant select, insert on public.${table} to authenticated;
grant all on public.${table} to service_role;`;
    reversalCheck = `
create function practice_private.check_reversal() returns trigger
language plpgsql set search_path = '' as $$
declare
  reversed public.payments;
  already numeric;
begin
  perform pg_advisory_xact_lock(hashtextextended(new.therapist_id::text || new.reverses_id::text, 0));
  select * into reversed from public.payments
    where therapist_id = new.therapist_id and id = new.reverses_id and client_id = new.client_id;
  -- A missing payment, or one of another client, is the foreign key's to report.
  if not found then
    return new;
  end if;
  if reversed.kind <> 'payment' then
    raise exception using
      errcode = 'check_violation',
      message = format('Payment %s is a %s, which cannot be reversed', reversed.id, reversed.kind),
      hint = 'Name the payment itself: a refund or void is final.';
  end if;
  select coalesce(sum(amount), 0) into already from public.payments
    where therapist_id = new.therapist_id and reverses_id = new.reverses_id;
  if new.kind = 'void' and (already > 0 or new.amount <> reversed.amount) then
    raise exception using
      errcode = 'check_violation',
      message = format('Cannot void payment %s: %s', reversed.id,
        case when already > 0 then format('%s of it was already refunded or voided', already)
          else format('a void reverses the whole %s, not %s', reversed.amount, new.amount) end),
      hint = 'Refund what is left instead, or void with the payment''s whole amount.';
  end if;
  if new.kind = 'refund' and new.amount > reversed.amount - already then
    raise exception using
      errcode = 'check_violation',
      message = format('Cannot refund %s of payment %s: only %s of its %s is left', new.amount, reversed.id,
        reversed.amount - already, reversed.amount),
      hint = 'Refund at most what is left of the payment.';
  end if;
  return new;
end $$;
create trigger check_reversal before insert on public.payments
  for each row when (new.reverses_id is not null)
  execute function practice_private.check_reversal();
`;
    ledgerRules = `${access2("packages")}
${access2("payments")}
${reversalCheck}`;
  }
});

// src/server/db/migrations/0016/ledger-tables.ts
var finite2, commonComments, ledgerTables;
var init_ledger_tables = __esm({
  "src/server/db/migrations/0016/ledger-tables.ts"() {
    "use strict";
    finite2 = (column2) => `${column2} not in ('NaN', 'Infinity', '-Infinity')`;
    commonComments = (table) => `comment on column public.${table}.id is 'Chosen by the server unless the client sends one (which makes a retried create safe).';
comment on column public.${table}.therapist_id is 'The practice the row belongs to: its therapist''s user id. Defaults to the caller.';`;
    ledgerTables = `
create table public.packages (
  id uuid not null default gen_random_uuid(),
  client_id uuid not null,
  service_id uuid not null,
  visits integer not null,
  price numeric(10,2) not null,
  sold_on date not null,
  expires_on date,
  note text,
  therapist_id uuid not null default auth.uid(),
  created_at timestamptz not null default now(),
  constraint packages_pkey primary key (therapist_id, id),
  -- Lets a payment require that the package it pays for is its client's.
  constraint packages_therapist_id_id_client_id_key unique (therapist_id, id, client_id),
  constraint packages_client_fkey foreign key (therapist_id, client_id) references public.clients (therapist_id, id),
  constraint packages_service_fkey foreign key (therapist_id, service_id) references public.service_menu (therapist_id, id),
  constraint packages_visits_check check (visits between 1 and 1000),
  constraint packages_price_check check (price >= 0 and ${finite2("price")}),
  constraint packages_expires_after_sale check (expires_on >= sold_on),
  constraint packages_note_check check (note is null or (btrim(note) <> '' and length(note) <= 500))
);
create index packages_client_service on public.packages (therapist_id, client_id, service_id, sold_on);
comment on table public.packages is 'Prepaid visits of one service sold to a client. Completed visits of that service draw on the client''s oldest open package (see package_usage); a sale is never changed.';
${commonComments("packages")}
comment on column public.packages.client_id is 'The client who bought the package.';
comment on column public.packages.service_id is 'The service whose completed visits the package covers.';
comment on column public.packages.visits is 'How many visits the package covers, 1 to 1000.';
comment on column public.packages.price is 'What the package costs, 0 or more; billed on sold_on.';
comment on column public.packages.sold_on is 'Day of the sale (practice''s time zone); covers visits on or after it.';
comment on column public.packages.expires_on is 'Last day a visit can draw on the package; none: never expires.';
comment on column public.packages.note is 'Free text, up to 500 characters.';

create table public.payments (
  id uuid not null default gen_random_uuid(),
  kind text not null default 'payment',
  client_id uuid not null,
  appointment_id uuid,
  package_id uuid,
  reverses_id uuid,
  amount numeric(10,2) not null,
  method text not null,
  paid_at timestamptz not null default now(),
  reference text,
  note text,
  therapist_id uuid not null default auth.uid(),
  created_at timestamptz not null default now(),
  constraint payments_pkey primary key (therapist_id, id),
  -- Lets a refund or void require that the entry it reverses is of the same client.
  constraint payments_therapist_id_id_client_id_key unique (therapist_id, id, client_id),
  constraint payments_client_fkey foreign key (therapist_id, client_id) references public.clients (therapist_id, id),
  constraint payments_appointment_fkey foreign key (therapist_id, appointment_id, client_id)
    references public.appointments (therapist_id, id, client_id),
  constraint payments_package_fkey foreign key (therapist_id, package_id, client_id)
    references public.packages (therapist_id, id, client_id),
  constraint payments_reverses_fkey foreign key (therapist_id, reverses_id, client_id)
    references public.payments (therapist_id, id, client_id),
  constraint payments_kind_check check (kind in ('payment', 'refund', 'void')),
  constraint payments_method_check check (method in ('cash', 'card', 'transfer', 'insurance', 'package', 'voucher', 'other')),
  constraint payments_amount_check check (amount > 0 and ${finite2("amount")}),
  constraint payments_reverses_check check ((kind = 'payment') = (reverses_id is null)),
  constraint payments_reference_check check (reference is null or (btrim(reference) <> '' and length(reference) <= 200)),
  constraint payments_note_check check (note is null or (btrim(note) <> '' and length(note) <= 500))
);
create index payments_client on public.payments (therapist_id, client_id, paid_at);
create index payments_reverses on public.payments (therapist_id, reverses_id) where reverses_id is not null;
create index payments_appointment on public.payments (therapist_id, appointment_id) where appointment_id is not null;
create index payments_package on public.payments (therapist_id, package_id) where package_id is not null;
comment on table public.payments is 'The ledger of money received and returned. An entry is never changed or deleted: a mistake is corrected by a refund or void naming it in reverses_id.';
${commonComments("payments")}
comment on column public.payments.kind is 'payment (money in), refund (part or all of a payment given back) or void (a payment recorded by mistake, reversed whole).';
comment on column public.payments.client_id is 'Who paid, or was paid back.';
comment on column public.payments.appointment_id is 'The visit paid for, of the same client; optional.';
comment on column public.payments.package_id is 'The package this payment is the sale of, of the same client; optional.';
comment on column public.payments.reverses_id is 'For a refund or void: the payment of the same client it reverses. Null for a payment.';
comment on column public.payments.amount is 'More than 0, always positive: a refund or void subtracts by its kind. A refund is at most what is left of the payment; a void is the whole payment.';
comment on column public.payments.method is 'cash, card, transfer, insurance, package, voucher or other.';
comment on column public.payments.paid_at is 'When the money moved; defaults to now.';
comment on column public.payments.reference is 'A receipt, transaction or cheque number, up to 200 characters.';
comment on column public.payments.note is 'Free text, up to 500 characters.';
`;
  }
});

// src/server/db/migrations/0016/package-draws.ts
var packageDraws;
var init_package_draws = __esm({
  "src/server/db/migrations/0016/package-draws.ts"() {
    "use strict";
    packageDraws = `
create function public.package_draws(for_client uuid default null)
returns table (therapist_id uuid, client_id uuid, package_id uuid, appointment_id uuid)
language plpgsql stable security invoker set search_path = '' set enable_nestloop = off as $$
declare
  visit record;
  pair text := '';
  left_over integer[];
  i integer;
begin
  -- One query: each visit that some package could cover, with its (client, service)'s packages,
  -- oldest first, as arrays; the packages' counters are reset when the pair changes.
  for visit in
    select a.id, a."date", k.therapist_id as owner, k.client_id as client, k.service_id as service,
           k.ids, k.visits, k.sold, k.expires
    from (
      select p.therapist_id, p.client_id, p.service_id,
        array_agg(p.id order by p.sold_on, p.created_at, p.id) as ids,
        array_agg(p.visits order by p.sold_on, p.created_at, p.id) as visits,
        array_agg(p.sold_on order by p.sold_on, p.created_at, p.id) as sold,
        array_agg(p.expires_on order by p.sold_on, p.created_at, p.id) as expires,
        min(p.sold_on) as first_sold
      from public.packages p
      where for_client is null or p.client_id = for_client
      group by p.therapist_id, p.client_id, p.service_id
    ) k
    join public.appointments a on a.therapist_id = k.therapist_id and a.client_id = k.client_id
      and a.service_id = k.service_id and a.status = 'completed' and a."date" >= k.first_sold
    order by k.therapist_id, k.client_id, k.service_id, a."date", a.start_time, a.id
  loop
    if pair <> visit.owner::text || visit.client::text || visit.service::text then
      pair := visit.owner::text || visit.client::text || visit.service::text;
      left_over := visit.visits;
    end if;
    for i in 1 .. array_length(visit.ids, 1) loop
      if left_over[i] > 0 and visit.sold[i] <= visit."date" and (visit.expires[i] is null or visit."date" <= visit.expires[i]) then
        left_over[i] := left_over[i] - 1;
        therapist_id := visit.owner;
        client_id := visit.client;
        package_id := visit.ids[i];
        appointment_id := visit.id;
        return next;
        exit;
      end if;
    end loop;
  end loop;
end $$;
comment on function public.package_draws(uuid) is 'Which completed visit each package covers (all clients, or one): visits oldest first draw on the client''s oldest open package of their service.';

create function public.package_usage(for_client uuid default null, as_of date default current_date)
returns table (id uuid, client_id uuid, client_name text, service_id uuid, service_name text, visits integer,
  used integer, visits_left integer, price numeric, sold_on date, expires_on date, open boolean)
language sql stable security invoker set search_path = '' set enable_nestloop = off as $$
  select p.id, p.client_id, c.name, p.service_id, s.name, p.visits, coalesce(d.used, 0)::integer,
    (p.visits - coalesce(d.used, 0))::integer, p.price, p.sold_on, p.expires_on,
    p.visits > coalesce(d.used, 0) and (p.expires_on is null or p.expires_on >= as_of)
  from public.packages p
  join public.clients c on c.therapist_id = p.therapist_id and c.id = p.client_id
  join public.service_menu s on s.therapist_id = p.therapist_id and s.id = p.service_id
  left join (
    select d.therapist_id, d.package_id, count(*) as used from public.package_draws(for_client) d group by 1, 2
  ) d on d.therapist_id = p.therapist_id and d.package_id = p.id
  where for_client is null or p.client_id = for_client
  order by c.name, p.sold_on, p.created_at, p.id
$$;
comment on function public.package_usage(uuid, date) is 'Each package (all clients, or one) with the visits it has covered and has left; open while visits are left and it has not expired on as_of.';
`;
  }
});

// src/server/db/migrations/0016-payments.ts
var payments;
var init_payments = __esm({
  "src/server/db/migrations/0016-payments.ts"() {
    "use strict";
    init_balances();
    init_forced_and_audited();
    init_ledger_rules();
    init_ledger_tables();
    init_package_draws();
    payments = {
      version: 16,
      name: "payments ledger, packages and balances",
      sql: [ledgerTables, forcedAndAudited, ledgerRules, packageDraws, balances].join("\n")
    };
  }
});

// src/server/db/migrations/index.ts
var migrations;
var init_migrations = __esm({
  "src/server/db/migrations/index.ts"() {
    "use strict";
    init_practice_schema();
    init_auth();
    init_updated_at_moves_on();
    init_kept_at_booking();
    init_series_and_reminders();
    init_auth_metadata();
    init_held_visit_stays();
    init_money_is_a_number();
    init_bulk_writes();
    init_closures();
    init_schema_version();
    init_answers();
    init_calendar_answers();
    init_client_search_name();
    init_audit_trail();
    init_payments();
    migrations = [
      practiceSchema,
      authAccounts,
      updatedAtMovesOn,
      keptAtBooking,
      seriesAndReminders,
      authMetadata,
      heldVisitStays,
      moneyIsANumber,
      bulkWrites,
      closures,
      schemaVersion,
      answers,
      calendarAnswers,
      clientSearchName,
      auditTrail,
      payments
    ];
  }
});

// src/server/db/migrate.ts
var migrate_exports = {};
__export(migrate_exports, {
  BOOKKEEPING: () => BOOKKEEPING,
  MIGRATION_LOCK: () => MIGRATION_LOCK,
  migrate: () => migrate
});
async function ensureBookkeeping(db2) {
  const [found] = await db2.query(
    `select to_regclass('practice_private.schema_migrations') is not null as ready`
  );
  if (found?.ready) return;
  await db2.transaction(async (tx) => {
    await tx.query(MIGRATION_LOCK);
    await tx.exec(BOOKKEEPING);
  });
}
async function apply(tx, migration) {
  await tx.query(MIGRATION_LOCK);
  const claimed = await tx.query(
    `insert into practice_private.schema_migrations (version, name) values ($1, $2)
     on conflict (version) do nothing returning version`,
    [migration.version, migration.name]
  );
  if (claimed.length === 0) return;
  await tx.exec(migration.sql);
}
async function migrate(db2, { through = Infinity } = {}) {
  await ensureBookkeeping(db2);
  const rows = await db2.query("select version from practice_private.schema_migrations");
  const applied = new Set(rows.map((row) => row.version));
  for (const migration of migrations) {
    if (migration.version > through) break;
    if (applied.has(migration.version)) continue;
    try {
      await db2.transaction((tx) => apply(tx, migration));
    } catch (err) {
      const reason = err instanceof Error ? err.message : String(err);
      throw new Error(`Migration ${migration.version} (${migration.name}) failed and was rolled back: ${reason}`, {
        cause: err
      });
    }
  }
}
var MIGRATION_LOCK, BOOKKEEPING;
var init_migrate = __esm({
  "src/server/db/migrate.ts"() {
    "use strict";
    init_migrations();
    MIGRATION_LOCK = "select pg_advisory_xact_lock(8351920467)";
    BOOKKEEPING = `
  create schema if not exists practice_private;
  comment on schema practice_private is 'Server internals (migrations, trigger functions); no API role may use it.';
  create table if not exists practice_private.schema_migrations (
    version integer primary key,
    name text not null,
    applied_at timestamptz not null default now()
  );`;
  }
});

// .stmt.ts
var root = process.argv[2];
var { openDatabase: openDatabase2 } = await Promise.resolve().then(() => (init_open(), open_exports));
var { loadSchemaCache: loadSchemaCache2 } = await Promise.resolve().then(() => (init_schema_cache(), schema_cache_exports));
var { parsePrefer: parsePrefer2 } = await Promise.resolve().then(() => (init_parse_prefer(), parse_prefer_exports));
var { parseQuery: parseQuery2 } = await Promise.resolve().then(() => (init_parse_query(), parse_query_exports));
var { planRequest: planRequest2 } = await Promise.resolve().then(() => (init_plan(), plan_exports));
var { toStatement: toStatement2 } = await Promise.resolve().then(() => (init_sql(), sql_exports));
var { migrate: migrate2 } = await Promise.resolve().then(() => (init_migrate(), migrate_exports)).catch(() => ({}));
var db = await openDatabase2({ url: process.env.DBURL });
var schema = await loadSchemaCache2(db);
await db.close();
for (const q of process.argv.slice(3)) {
  const plan = planRequest2(schema, { method: "GET", table: "appointments", query: parseQuery2(q), prefer: parsePrefer2(void 0), range: null, body: void 0, single: false, userId: "00000000-0000-0000-0000-000000000000" });
  console.log(JSON.stringify(toStatement2(plan), null, 1));
}
