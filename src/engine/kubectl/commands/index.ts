// The kubectl verbs this build implements. Later issues add theirs here.

import { describeFlags, runDescribe } from '../describe';
import type { KubectlCommand } from '../kubectl';
import { annotateFlags, runAnnotate } from './annotate';
import { apiResourcesFlags, runApiResources } from './api-resources';
import { applyFlags, runApply } from './apply';
import { cordonFlags, runCordon, runUncordon } from './cordon';
import { createFlags, runCreate } from './create';
import { deleteFlags, runDelete } from './delete';
import { getFlags, runGet } from './get';
import { labelFlags, runLabel } from './label';
import { patchFlags, runPatch } from './patch';
import { runTaint, taintFlags } from './taint';
import { runVersion, versionFlags } from './version';
import { runWait, waitFlags } from './wait';

export const commands: Record<string, KubectlCommand> = {
  annotate: { flags: annotateFlags, run: runAnnotate },
  'api-resources': { flags: apiResourcesFlags, run: runApiResources },
  apply: { flags: applyFlags, run: runApply },
  cordon: { flags: cordonFlags, run: runCordon },
  create: { flags: createFlags, run: runCreate },
  delete: { flags: deleteFlags, run: runDelete },
  describe: { flags: describeFlags, run: runDescribe },
  get: { flags: getFlags, run: runGet },
  label: { flags: labelFlags, run: runLabel },
  patch: { flags: patchFlags, run: runPatch },
  taint: { flags: taintFlags, run: runTaint },
  uncordon: { flags: cordonFlags, run: runUncordon },
  version: { flags: versionFlags, run: runVersion },
  wait: { flags: waitFlags, run: runWait },
};
