// Simulated container processes: a deterministic, resumable interpreter for the commands the docs
// run (sh -c scripts, busybox applets, perl bpi, long-lived servers), with a per-container
// filesystem, signals to PID 1, and commands exec'd inside the container (probes, hooks).
export { startProcess, MAX_LOG_LINES_PER_SECOND, BUSY_SLICE_MS, MAX_UNBOUNDED_EXEC_MS, DEFAULT_TERM } from './process';
export type { ProcessOptions } from './process';
export { piDigits } from './pi';
export { PERL_BPI_2000_MS } from './interpreter';
export { formatDate, parseSleep, stableServiceIP } from './builtins';
export { expandBraces, evalArith } from './arith';
export { ContainerFS, NAMESPACE_FILE, SERVICE_ACCOUNT_DIR, CLUSTER_DNS_IP, normalizePath } from './fs';
export type { Mount } from './fs';
export { FileTree } from './file-tree';
export { serverModel } from './servers';
export type { ServerModel, TermBehavior } from './servers';
export { parseScript, ShellSyntaxError } from './parse';
export type { ProcessEnv, Process, Step, LogLine, ExecResult, Signal, SignalResult, ServingInfo } from './types';
