// Whether a process still runs, for the locks that name their holder's pid (the server's data-dir
// lock and the CLI's file lock): a lock whose holder died is taken over, never waited on.

export function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: it exists but belongs to someone else.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}
