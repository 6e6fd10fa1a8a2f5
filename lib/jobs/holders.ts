import { randomBytes } from 'node:crypto';
import os from 'node:os';

/**
 * Who holds a job: a worker id names the process that claimed it ("<host>:<pid>:<instance>/<worker>",
 * optionally prefixed, e.g. "ingest:…"), so a job held by a Vigil process of this host that is gone
 * (killed, crashed) is recovered at once (queue.ts' recoverExpiredLeases) instead of after its lease.
 * Holders on other hosts, or named otherwise (tests), wait for the lease as before.
 */

// This process: the random part tells a previous run in the same pid slot (a container's pid 1) from this one.
const INSTANCE = `${os.hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;

/** A new worker id of this process. */
export function newWorkerId(): string {
  return `${INSTANCE}/${randomBytes(3).toString('hex')}`;
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists, it is just not ours to signal.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Whether `lockedBy` names a Vigil process of this host that no longer runs. */
export function heldByDeadLocalProcess(lockedBy: string | null): boolean {
  const holder = lockedBy && /(?:^|:)([^:]+):(\d+):([0-9a-f]+)(?:\/[0-9a-f]+)?$/.exec(lockedBy);
  if (!holder) return false;
  const [, host, pidText, instance] = holder;
  if (host !== os.hostname()) return false;
  const pid = Number(pidText);
  // Our own pid under another instance id: a previous run of this process slot.
  if (pid === process.pid) return instance !== INSTANCE.split(':').pop();
  return !processAlive(pid);
}
