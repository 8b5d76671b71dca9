// Where a project lives: the URL a user types (the project root, or its REST root `.../rest/v1`)
// normalised to one root, from which the REST and auth roots are derived.
import { BadInputError } from './errors.js';

export interface ProjectUrls {
  /** The project root without a trailing slash, e.g. `https://abc.supabase.co` or `http://127.0.0.1:54321`. */
  root: string;
  rest: string;
  auth: string;
}

const REST_SUFFIX = /\/rest\/v1$/;

export function projectUrls(root: string): ProjectUrls {
  return { root, rest: `${root}/rest/v1`, auth: `${root}/auth/v1` };
}

/** Accepts `https://host[:port][/prefix]` with or without `/rest/v1`; refuses what cannot be a project. */
export function normalizeProjectUrl(input: string): ProjectUrls {
  const text = input.trim();
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new BadInputError(`"${input}" is not a URL.`, 'Give the project URL, e.g. https://abcd.supabase.co or http://127.0.0.1:54321.');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new BadInputError(`The project URL must start with http:// or https://, not ${url.protocol}//.`);
  }
  // A password in the URL would end up in the config file and in logs; keys travel in headers.
  if (url.username || url.password) {
    throw new BadInputError('The project URL must not carry a user name or password.', 'Pass the anon key with --anon-key.');
  }
  if (url.search || url.hash) {
    throw new BadInputError(`The project URL must not have a query or fragment: ${text}`);
  }
  const path = url.pathname.replace(/\/+$/, '').replace(REST_SUFFIX, '');
  return projectUrls(`${url.protocol}//${url.host}${path}`);
}
