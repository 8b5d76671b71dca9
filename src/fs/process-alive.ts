// Whether a process still runs, for the locks that name their holder's pid (the server's data-dir
// lock and the CLI's file lock): a lock whose holder died is taken over, never waited on.
import { readFileSync } from 'node:fs';

/**
 * A zombie (killed, and not yet reaped by its parent) still answers signal 0, but runs no more: a
 * detached server killed with -9 stays one for good where PID 1 does not reap orphans (containers).
 */
function isZombie(pid: number): boolean {
  try {
    // The state follows the command name, which is in parentheses and may hold spaces or ")".
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) === 'Z';
  } catch {
    return false; // no /proc (macOS), or the process is gone: signal 0 has the last word
  }
}

export function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (err) {
    // EPERM: it exists but belongs to someone else.
    return (err as NodeJS.ErrnoException).code === 'EPERM' && !isZombie(pid);
  }
  return !isZombie(pid);
}
