// Peak RSS of the Chromium renderer processes (pages and their Workers live there) started by
// this test process, read from /proc: another browser on the machine does not count.

import { readFileSync, readdirSync } from 'node:fs';

function parentOf(pid: string): string | undefined {
  // /proc/<pid>/stat: "pid (comm) state ppid …"; comm may hold spaces, so read after its ')'.
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1];
}

function descendsFrom(pid: string, ancestor: string): boolean {
  for (let p: string | undefined = pid, hops = 0; p && p !== '0' && hops < 16; hops++) {
    if (p === ancestor) return true;
    p = parentOf(p);
  }
  return false;
}

/** The largest VmHWM (MiB) among the running Chromium renderer processes this process started. */
export function rendererPeakRssMiB(): number {
  const self = String(process.pid);
  let peak = 0;
  for (const pid of readdirSync('/proc').filter((p) => /^\d+$/.test(p))) {
    try {
      const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      if (!cmdline.includes('chrom') || !cmdline.includes('--type=renderer') || !descendsFrom(pid, self)) continue;
      const hwm = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
      if (hwm) peak = Math.max(peak, Number(hwm[1]) / 1024);
    } catch {
      // the process ended meanwhile
    }
  }
  return peak;
}
