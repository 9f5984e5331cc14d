// Simulated container processes: a deterministic, resumable interpreter for the commands the docs
// run (sh -c scripts, busybox applets, perl bpi, long-lived servers).
export { startProcess, MAX_LOG_LINES_PER_SECOND, BUSY_SLICE_MS } from './process';
export { piDigits } from './pi';
export {
  NAMESPACE_FILE,
  CLUSTER_DNS_IP,
  PERL_BPI_2000_MS,
  formatDate,
  parseSleep,
  stableServiceIP,
  expandBraces,
  evalArith,
} from './interpreter';
export { parseScript, ShellSyntaxError } from './parse';
export type { ProcessEnv, Process, Step, LogLine } from './types';
