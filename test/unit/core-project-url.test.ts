// Project URLs: the root and the REST root are both accepted and normalised to one root.
import { describe, expect, it } from 'vitest';
import { BadInputError } from '../../src/core/errors.js';
import { normalizeProjectUrl } from '../../src/core/project-url.js';

describe('normalizeProjectUrl', () => {
  it.each([
    ['https://abcd.supabase.co', 'https://abcd.supabase.co'],
    ['https://abcd.supabase.co/', 'https://abcd.supabase.co'],
    ['https://abcd.supabase.co/rest/v1', 'https://abcd.supabase.co'],
    ['https://abcd.supabase.co/rest/v1/', 'https://abcd.supabase.co'],
    ['  http://127.0.0.1:54321/rest/v1  ', 'http://127.0.0.1:54321'],
    ['HTTP://Example.COM:443/api/rest/v1', 'http://example.com:443/api'],
    ['https://example.com:443/', 'https://example.com'],
    ['http://[::1]:54321', 'http://[::1]:54321'],
  ])('%s -> %s', (input, root) => {
    expect(normalizeProjectUrl(input)).toEqual({ root, rest: `${root}/rest/v1`, auth: `${root}/auth/v1` });
  });

  it.each([
    ['abcd.supabase.co', /not a URL/],
    ['ftp://example.com', /http:\/\/ or https:\/\//],
    ['https://user:secret@example.com', /user name or password/],
    ['https://example.com/rest/v1?select=id', /query or fragment/],
  ])('refuses %s', (input, message) => {
    expect(() => normalizeProjectUrl(input)).toThrow(message);
    expect(() => normalizeProjectUrl(input)).toThrow(BadInputError);
  });
});
