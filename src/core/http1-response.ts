// Reads one HTTP/1.1 response from the bytes of a connection, as node:http's parser would hand it
// over: the status, the headers (lower-cased; repeats merged by node:http's rules), the body however
// it is framed (Content-Length, chunked, or until the connection closes), and whether the connection
// may carry the next request. src/core/plain-http.ts feeds it what its socket reads.

export interface Http1Response {
  status: number;
  statusText: string;
  headers: Record<string, string | undefined>;
  body: Buffer;
  /** The connection may carry another request: framed, not `connection: close`, nothing left over. */
  reusable: boolean;
  /** How long the server keeps an idle connection (`keep-alive: timeout=N`), if it says. */
  keepAliveMs: number | null;
}

// node:http refuses a head longer than this (--max-http-header-size, 16 KiB).
const MAX_HEAD_BYTES = 16 * 1024;
// node:http keeps the first of these when a response repeats them; set-cookie and the rest are joined.
const FIRST_WINS = new Set(['age', 'authorization', 'content-length', 'content-type', 'etag', 'expires', 'from', 'host',
  'if-modified-since', 'if-unmodified-since', 'last-modified', 'location', 'max-forwards', 'proxy-authorization', 'referer',
  'retry-after', 'server', 'user-agent']);
const CRLF = Buffer.from('\r\n');
const EMPTY: Buffer = Buffer.alloc(0);

/** A malformed response, coded as node:http codes its parser's errors. */
function parseError(code: string, what: string): NodeJS.ErrnoException {
  return Object.assign(new Error(`Parse Error: ${what}`), { code });
}

type State = 'head' | 'length' | 'chunk-size' | 'chunk-data' | 'chunk-end' | 'trailers' | 'until-close' | 'done';

export class Http1ResponseReader {
  private state: State = 'head';
  private buffered: Buffer = EMPTY;
  private left = 0;
  private readonly parts: Buffer[] = [];
  private status = 0;
  private statusText = '';
  private headers: Record<string, string | undefined> = {};
  private keepAlive = false;

  /** `method` of the request: the answer to a HEAD has no body. */
  constructor(private readonly method: string) {}

  /** Takes the next bytes read; the response once it is complete, else null. Throws on a malformed one. */
  push(chunk: Buffer): Http1Response | null {
    this.buffered = this.buffered.length === 0 ? chunk : Buffer.concat([this.buffered, chunk]);
    while (this.state !== 'done' && this.step());
    return this.state === 'done' ? this.response() : null;
  }

  /** The connection closed: the response if it ran until the close, else null (it was cut short). */
  closed(): Http1Response | null {
    if (this.state !== 'until-close') return null;
    this.state = 'done';
    return this.response();
  }

  /** Whether any byte of the response arrived (node:http says "socket hang up" when none did). */
  get started(): boolean {
    return this.state !== 'head' || this.buffered.length > 0;
  }

  private response(): Http1Response {
    const reusable = this.keepAlive && this.buffered.length === 0;
    const timeout = /(?:^|,)\s*timeout=(\d+)/.exec(this.headers['keep-alive'] ?? '');
    return { status: this.status, statusText: this.statusText, headers: this.headers, body: Buffer.concat(this.parts), reusable, keepAliveMs: timeout ? Number(timeout[1]) * 1000 : null };
  }

  /** Consumes what it can of the buffered bytes; false when it needs more. */
  private step(): boolean {
    switch (this.state) {
      case 'head': {
        const end = this.buffered.indexOf('\r\n\r\n');
        if (end < 0) {
          if (this.buffered.length > MAX_HEAD_BYTES) throw parseError('HPE_HEADER_OVERFLOW', 'Header overflow');
          return false;
        }
        const head = this.buffered.toString('latin1', 0, end);
        this.buffered = this.buffered.subarray(end + 4);
        this.readHead(head);
        return true;
      }
      case 'length':
      case 'chunk-data': {
        const take = Math.min(this.left, this.buffered.length);
        if (take > 0) this.parts.push(this.buffered.subarray(0, take));
        this.buffered = this.buffered.subarray(take);
        this.left -= take;
        if (this.left > 0) return false;
        this.state = this.state === 'length' ? 'done' : 'chunk-end';
        return true;
      }
      case 'chunk-end':
        if (this.buffered.length < 2) return false;
        if (!this.buffered.subarray(0, 2).equals(CRLF)) throw parseError('HPE_STRICT', 'Expected CRLF after chunk');
        this.buffered = this.buffered.subarray(2);
        this.state = 'chunk-size';
        return true;
      case 'chunk-size': {
        const line = this.line();
        if (line === null) return false;
        const size = line.split(';', 1)[0]!.trim();
        if (!/^[0-9a-fA-F]{1,12}$/.test(size)) throw parseError('HPE_INVALID_CHUNK_SIZE', 'Invalid character in chunk size');
        this.left = Number.parseInt(size, 16);
        this.state = this.left === 0 ? 'trailers' : 'chunk-data';
        return true;
      }
      case 'trailers': {
        const line = this.line();
        if (line === null) return false;
        if (line === '') this.state = 'done';
        return true;
      }
      case 'until-close':
        if (this.buffered.length > 0) this.parts.push(this.buffered);
        this.buffered = EMPTY;
        return false;
      case 'done':
        return false;
    }
  }

  /** The next CRLF-ended line of the buffered bytes, taken from them; null when it has not all come. */
  private line(): string | null {
    const end = this.buffered.indexOf(CRLF);
    if (end < 0) {
      if (this.buffered.length > MAX_HEAD_BYTES) throw parseError('HPE_HEADER_OVERFLOW', 'Header overflow');
      return null;
    }
    const line = this.buffered.toString('latin1', 0, end);
    this.buffered = this.buffered.subarray(end + 2);
    return line;
  }

  private readHead(head: string): void {
    const [statusLine = '', ...lines] = head.split('\r\n');
    const status = /^HTTP\/1\.([01]) ([1-9]\d\d)(?: (.*))?$/.exec(statusLine);
    if (!status) throw parseError('HPE_INVALID_CONSTANT', 'Expected HTTP/');
    const code = Number(status[2]);
    // An interim answer (100 Continue, 103 Early Hints): the real one follows on the same connection.
    if (code >= 100 && code < 200 && code !== 101) return;
    const headers: Record<string, string | undefined> = {};
    for (const line of lines) {
      const colon = line.indexOf(':');
      const name = line.slice(0, colon).toLowerCase();
      if (colon <= 0 || !/^[!#$%&'*+.^_`|~0-9a-z-]+$/.test(name)) throw parseError('HPE_INVALID_HEADER_TOKEN', 'Invalid header token');
      const value = line.slice(colon + 1).trim();
      const before = headers[name];
      if (before === undefined) headers[name] = value;
      else if (!FIRST_WINS.has(name)) headers[name] = `${before}${name === 'cookie' ? '; ' : ', '}${value}`;
    }
    this.status = code;
    this.statusText = status[3] ?? '';
    this.headers = headers;
    const connection = (headers.connection ?? '').toLowerCase();
    this.keepAlive = status[1] === '1' ? !/(?:^|,)\s*close\s*(?:,|$)/.test(connection) : /(?:^|,)\s*keep-alive\s*(?:,|$)/.test(connection);
    this.state = this.framing(code, headers);
    if (this.state === 'until-close') this.keepAlive = false;
  }

  private framing(code: number, headers: Record<string, string | undefined>): State {
    if (this.method === 'HEAD' || code === 204 || code === 304 || code < 200) return 'done';
    if (/(?:^|,)\s*chunked\s*$/i.test(headers['transfer-encoding'] ?? '')) return 'chunk-size';
    const length = headers['content-length'];
    if (length === undefined) return 'until-close';
    if (!/^\d{1,15}$/.test(length)) throw parseError('HPE_INVALID_CONTENT_LENGTH', 'Invalid character in Content-Length');
    this.left = Number(length);
    return this.left === 0 ? 'done' : 'length';
  }
}
