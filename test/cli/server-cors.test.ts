// `practice server start --cors-origins` (and PRACTICE_CORS_ORIGINS): the background server it starts
// allows those browser origins only; an origin that is not one is a usage error and starts nothing.
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runPractice } from '../helpers/cli.js';

const practice = (args: string[], env: NodeJS.ProcessEnv = {}) => runPractice(args, { ...process.env, ...env });

async function allowedOrigin(url: string, origin: string): Promise<string | null> {
  const answer = await fetch(`${url}/rest/v1/clients`, {
    method: 'OPTIONS', headers: { origin, 'access-control-request-method': 'GET' },
  });
  expect(answer.status).toBe(200);
  return answer.headers.get('access-control-allow-origin');
}

describe('practice server start --cors-origins', () => {
  it.each([
    ['the flag', ['--cors-origins', 'https://app.example.com, http://localhost:5173'], {}],
    ['PRACTICE_CORS_ORIGINS', [], { PRACTICE_CORS_ORIGINS: 'https://app.example.com,http://localhost:5173' }],
  ])('narrows the allowed origins of the server it starts (%s)', async (_how, flags, env) => {
    const dataDir = await mkdtemp(join(tmpdir(), 'practice-cors-'));
    try {
      const started = await practice(['server', 'start', '--port', '0', '--data-dir', dataDir, ...flags], env);
      expect(started.code, started.stderr).toBe(0);
      const { url } = JSON.parse((await practice(['server', 'status', '--json', '--data-dir', dataDir])).stdout) as { url: string };
      expect(await allowedOrigin(url, 'http://localhost:5173')).toBe('http://localhost:5173');
      expect(await allowedOrigin(url, 'https://app.example.com')).toBe('https://app.example.com');
      expect(await allowedOrigin(url, 'https://elsewhere.example')).toBeNull();
    } finally {
      await practice(['server', 'stop', '--data-dir', dataDir]);
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it('refuses what is not an origin with exit 2 and starts nothing', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'practice-cors-'));
    try {
      for (const origins of ['app.example.com', 'https://app.example.com/path', 'https://a.example,localhost']) {
        const refused = await practice(['server', 'start', '--cors-origins', origins, '--data-dir', dataDir]);
        expect(refused.code, origins).toBe(2);
        expect(refused.stderr).toContain('is not an origin: write it as a browser sends it');
      }
      expect(existsSync(join(dataDir, 'server.json'))).toBe(false);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
