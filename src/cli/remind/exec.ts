// `--exec CMD`: the person's own sending command (an SMS gateway's CLI, sendmail, curl), run once per
// reminder through the shell with the reminder in environment variables, never in the command line,
// so a client's name cannot inject shell syntax.
import { spawn } from 'node:child_process';

export interface ReminderEnv {
  PRACTICE_REMINDER_KIND: string;
  PRACTICE_PREVIOUS_DATE: string;
  PRACTICE_PREVIOUS_TIME: string;
  PRACTICE_APPOINTMENT_ID: string;
  PRACTICE_CLIENT_NAME: string;
  PRACTICE_CLIENT_PHONE: string;
  PRACTICE_CLIENT_EMAIL: string;
  PRACTICE_DATE: string;
  PRACTICE_TIME: string;
  PRACTICE_CHANNEL: string;
  PRACTICE_MESSAGE: string;
}

/** Null when the command exited 0; otherwise why it failed, with the last line it wrote to stderr. */
export function runSender(command: string, reminder: ReminderEnv, env: NodeJS.ProcessEnv, log: (text: string) => void): Promise<string | null> {
  return new Promise((resolve) => {
    const child = spawn(command, { shell: true, env: { ...env, ...reminder }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    // The command's own output is the person's log, not our data: it goes to stderr.
    child.stdout.on('data', (chunk: Buffer) => log(chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
      log(chunk.toString());
    });
    child.on('error', (err) => resolve(`could not start: ${err.message}`));
    child.on('close', (code, signal) => {
      if (code === 0) return resolve(null);
      const last = stderr.trim().split('\n').at(-1);
      resolve(`${signal ? `killed by ${signal}` : `exit ${code}`}${last ? `: ${last}` : ''}`);
    });
  });
}
