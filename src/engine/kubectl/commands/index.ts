// The kubectl verbs this build implements. Later issues add theirs here.

import { describeFlags, runDescribe } from '../describe';
import type { KubectlCommand } from '../kubectl';
import { annotateFlags, runAnnotate } from './annotate';
import { apiResourcesFlags, runApiResources } from './api-resources';
import { applyFlags, runApply } from './apply';
import { cordonFlags, runCordon, runUncordon } from './cordon';
import { createFlags, runCreate } from './create';
import { debugFlags, runDebug } from './debug';
import { deleteFlags, runDelete } from './delete';
import { drainFlags, runDrain } from './drain';
import { exposeFlags, runExpose } from './expose';
import { execFlags, runExec } from './exec';
import { getFlags, runGet } from './get';
import { labelFlags, runLabel } from './label';
import { logsFlags, runLogs } from './logs';
import { patchFlags, runPatch } from './patch';
import { runFlags, runRun } from './run';
import { runTaint, taintFlags } from './taint';
import { runVersion, versionFlags } from './version';
import { runWait, waitFlags } from './wait';

export const commands: Record<string, KubectlCommand> = {
  annotate: { flags: annotateFlags, run: runAnnotate },
  'api-resources': { flags: apiResourcesFlags, run: runApiResources },
  apply: { flags: applyFlags, run: runApply },
  cordon: { flags: cordonFlags, run: runCordon },
  create: { flags: createFlags, run: runCreate },
  debug: { flags: debugFlags, run: runDebug },
  delete: { flags: deleteFlags, run: runDelete },
  describe: { flags: describeFlags, run: runDescribe },
  drain: { flags: drainFlags, run: runDrain },
  expose: { flags: exposeFlags, run: runExpose },
  exec: { flags: execFlags, run: runExec },
  get: { flags: getFlags, run: runGet },
  label: { flags: labelFlags, run: runLabel },
  logs: { flags: logsFlags, run: runLogs },
  patch: { flags: patchFlags, run: runPatch },
  run: { flags: runFlags, run: runRun },
  taint: { flags: taintFlags, run: runTaint },
  uncordon: { flags: cordonFlags, run: runUncordon },
  version: { flags: versionFlags, run: runVersion },
  wait: { flags: waitFlags, run: runWait },
};
