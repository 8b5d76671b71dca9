// What one HTTP exchange is, whichever wire carries it (src/core/http.ts, plain-http.ts).

export interface HttpRequest {
  method: string;
  url: URL;
  headers: Record<string, string>;
  body?: Buffer | undefined;
  /** How a failure names the server (the profile's URL); by default the URL's origin. */
  site?: string | undefined;
}

export interface HttpResponse {
  status: number;
  statusText: string;
  /** Lower-cased names; repeated headers joined with ", ". */
  headers: Record<string, string | undefined>;
  body: Buffer;
}

export interface Timeouts {
  connectMs: number;
  requestMs: number;
}
