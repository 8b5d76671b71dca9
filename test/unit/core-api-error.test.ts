// Every error body of PROTOCOL.md (PostgREST, the gateway, Supabase Auth's three shapes) and what
// proxies send instead becomes one ApiError with status, code, message, details and hint; the CLI adds
// the exit code and the advice that names a command (src/cli/errors.ts).
import { describe, expect, it } from 'vitest';
import { failureOf } from '../../src/cli/errors.js';
import { apiErrorFrom } from '../../src/core/api-error.js';

const JSON_TYPE = { 'content-type': 'application/json; charset=utf-8' };

describe('apiErrorFrom', () => {
  it('reads PostgREST errors', () => {
    const error = apiErrorFrom(409, 'Conflict', JSON_TYPE, JSON.stringify({
      code: '23505', details: 'Key (email)=(a@b.c) already exists.', hint: null, message: 'duplicate key value violates unique constraint',
    }));
    expect(error).toMatchObject({ status: 409, code: '23505', message: 'duplicate key value violates unique constraint', details: 'Key (email)=(a@b.c) already exists.', credentialsRefused: false });
    expect(error.hint).toBeNull();
  });

  it('keeps the server hint over the default one', () => {
    const error = apiErrorFrom(429, 'Too Many Requests', JSON_TYPE, JSON.stringify({ code: 'over_request_rate_limit', message: 'Rate limit exceeded', hint: 'retry after 12 s', details: null }));
    expect(error).toMatchObject({ code: 'over_request_rate_limit', hint: 'retry after 12 s', credentialsRefused: false });
  });

  it('reads the gateway apikey errors as auth failures', () => {
    const error = apiErrorFrom(401, 'Unauthorized', JSON_TYPE, JSON.stringify({ message: 'Invalid API key', hint: 'Double check your API key.' }));
    expect(error).toMatchObject({ code: null, message: 'Invalid API key', hint: 'Double check your API key.', credentialsRefused: true });
    expect(failureOf(error)).toMatchObject({ exitCode: 4, hint: 'Double check your API key.' });
  });

  it('reads JWT errors as auth failures', () => {
    const error = apiErrorFrom(401, 'Unauthorized', JSON_TYPE, JSON.stringify({ code: 'PGRST303', details: null, hint: null, message: 'JWT expired' }));
    expect(error).toMatchObject({ code: 'PGRST303', message: 'JWT expired', credentialsRefused: true, hint: null });
    expect(failureOf(error)).toMatchObject({ exitCode: 4, hint: 'Sign in again with `practice auth login`.' });
  });

  it('reads the older Supabase Auth shape, with x-sb-error-code', () => {
    const error = apiErrorFrom(400, 'Bad Request', { ...JSON_TYPE, 'x-sb-error-code': 'invalid_credentials' },
      JSON.stringify({ code: 400, error_code: 'invalid_credentials', msg: 'Invalid login credentials' }));
    expect(error).toMatchObject({ status: 400, code: 'invalid_credentials', message: 'Invalid login credentials', credentialsRefused: true });
  });

  it('reads the 2024-01-01 Supabase Auth shape and weak-password reasons', () => {
    const error = apiErrorFrom(422, 'Unprocessable Entity', JSON_TYPE, JSON.stringify({
      code: 'weak_password', message: 'Password should be at least 6 characters.', weak_password: { reasons: ['length'] },
    }));
    expect(error).toMatchObject({ code: 'weak_password', message: 'Password should be at least 6 characters.', details: 'reasons: length', credentialsRefused: false });
  });

  it('reads OAuth-style refresh errors', () => {
    const error = apiErrorFrom(400, 'Bad Request', JSON_TYPE, JSON.stringify({ error: 'refresh_token_already_used', error_description: 'Invalid Refresh Token: Already Used' }));
    expect(error).toMatchObject({ code: 'refresh_token_already_used', message: 'Invalid Refresh Token: Already Used', credentialsRefused: true });
  });

  it('reads a 403 bad_jwt from /auth/v1/user as an auth failure', () => {
    const error = apiErrorFrom(403, 'Forbidden', JSON_TYPE, JSON.stringify({ code: 403, error_code: 'bad_jwt', msg: 'invalid JWT: token is expired' }));
    expect(error).toMatchObject({ code: 'bad_jwt', credentialsRefused: true });
  });

  it('reads a row-level-security 403 as a plain failure', () => {
    const error = apiErrorFrom(403, 'Forbidden', JSON_TYPE, JSON.stringify({ code: '42501', details: null, hint: null, message: 'permission denied for table conversation_log' }));
    expect(error).toMatchObject({ code: '42501', credentialsRefused: false });
    expect(failureOf(error)).toMatchObject({ exitCode: 1, hint: expect.stringContaining('practice auth status') });
  });

  it('turns a proxy HTML page into a sentence with a hint', () => {
    const error = apiErrorFrom(502, 'Bad Gateway', { 'content-type': 'text/html' }, '<html><head><title>502 Bad Gateway</title></head><body><h1>502 Bad Gateway</h1><hr>nginx</body></html>');
    expect(error).toMatchObject({ status: 502, code: null, message: 'The server answered HTTP 502 Bad Gateway: 502 Bad Gateway', credentialsRefused: false });
    expect(error.hint).toMatch(/try again/);
  });

  it('says a non-JSON answer may mean a wrong URL', () => {
    const error = apiErrorFrom(405, 'Method Not Allowed', { 'content-type': 'text/plain' }, 'Method Not Allowed');
    expect(error.message).toBe('The server answered HTTP 405 Method Not Allowed');
    expect(error).toMatchObject({ notJson: true, hint: null });
    expect(failureOf(error)?.hint).toMatch(/not JSON/);
  });

  it('falls back to WWW-Authenticate and to the status line when the body is empty', () => {
    expect(apiErrorFrom(401, 'Unauthorized', { 'www-authenticate': 'Bearer error="invalid_token", error_description="JWT expired"' }, ''))
      .toMatchObject({ message: 'JWT expired', credentialsRefused: true });
    expect(apiErrorFrom(503, 'Service Unavailable', {}, '')).toMatchObject({ message: 'The server answered HTTP 503 Service Unavailable', credentialsRefused: false });
  });

  it('reads JSON without a message as an answer without a body', () => {
    expect(apiErrorFrom(500, 'Internal Server Error', JSON_TYPE, '[1,2]').message).toBe('The server answered HTTP 500 Internal Server Error');
  });
});
