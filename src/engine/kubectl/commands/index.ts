// The kubectl verbs this build implements. Later issues add theirs here.

import { describeFlags, runDescribe } from '../describe';
import type { KubectlCommand } from '../kubectl';
import { annotateFlags, runAnnotate } from './annotate';
import { apiResourcesFlags, runApiResources } from './api-resources';
import { applyFlags, runApply } from './apply';
import { autoscaleFlags, runAutoscale } from './autoscale';
import { cordonFlags, runCordon, runUncordon } from './cordon';
import { createFlags, runCreate } from './create';
import {
  createConfigMapFlags,
  createServiceAccountFlags,
  createSecretDockerFlags,
  createSecretGenericFlags,
  createSecretTlsFlags,
  runCreateConfigMap,
  runCreateServiceAccount,
  runCreateSecret,
  runCreateSecretDockerRegistry,
  runCreateSecretGeneric,
  runCreateSecretTls,
} from './create-config';
import { createDeploymentFlags, runCreateDeployment } from './create-deployment';
import { createPdbFlags, runCreatePdb } from './create-pdb';
import { createQuotaFlags, runCreateQuota } from './create-quota';
import { debugFlags, runDebug } from './debug';
import { deleteFlags, runDelete } from './delete';
import { drainFlags, runDrain } from './drain';
import { exposeFlags, runExpose } from './expose';
import { execFlags, runExec } from './exec';
import { explainFlags, runExplain } from './explain';
import { getFlags, runGet } from './get';
import { labelFlags, runLabel } from './label';
import { logsFlags, runLogs } from './logs';
import { patchFlags, runPatch } from './patch';
import {
  rolloutHistoryFlags,
  rolloutPauseFlags,
  rolloutRestartFlags,
  rolloutStatusFlags,
  rolloutUndoFlags,
  runRollout,
  runRolloutHistory,
  runRolloutPause,
  runRolloutRestart,
  runRolloutResume,
  runRolloutStatus,
  runRolloutUndo,
} from './rollout';
import { runFlags, runRun } from './run';
import { runSet, runSetImage, runSetResources, setImageFlags, setResourcesFlags } from './set';
import { runScale, scaleFlags } from './scale';
import { runTaint, taintFlags } from './taint';
import { runVersion, versionFlags } from './version';
import { runWait, waitFlags } from './wait';

/** `kubectl create deployment` (alias `deploy`). */
const createDeploymentCommand: KubectlCommand = { flags: createDeploymentFlags, run: runCreateDeployment };

/** `kubectl create poddisruptionbudget` (alias `pdb`). */
const createPdbCommand: KubectlCommand = { flags: createPdbFlags, run: runCreatePdb };

/** `kubectl create configmap` (alias `cm`). */
const createConfigMapCommand: KubectlCommand = { flags: createConfigMapFlags, run: runCreateConfigMap };

/** `kubectl create serviceaccount` (alias `sa`). */
const createServiceAccountCommand: KubectlCommand = { flags: createServiceAccountFlags, run: runCreateServiceAccount };

/** `kubectl create secret generic|tls|docker-registry`. */
const createSecretCommand: KubectlCommand = {
  flags: [],
  run: runCreateSecret,
  subcommands: {
    generic: { flags: createSecretGenericFlags, run: runCreateSecretGeneric },
    tls: { flags: createSecretTlsFlags, run: runCreateSecretTls },
    'docker-registry': { flags: createSecretDockerFlags, run: runCreateSecretDockerRegistry },
  },
};

/** `kubectl create quota` (alias `resourcequota`). */
const createQuotaCommand: KubectlCommand = { flags: createQuotaFlags, run: runCreateQuota };

export const commands: Record<string, KubectlCommand> = {
  annotate: { flags: annotateFlags, run: runAnnotate },
  'api-resources': { flags: apiResourcesFlags, run: runApiResources },
  apply: { flags: applyFlags, run: runApply },
  autoscale: { flags: autoscaleFlags, run: runAutoscale },
  cordon: { flags: cordonFlags, run: runCordon },
  create: {
    flags: createFlags,
    run: runCreate,
    fallback: true,
    subcommands: {
      poddisruptionbudget: createPdbCommand,
      pdb: createPdbCommand,
      deployment: createDeploymentCommand,
      deploy: createDeploymentCommand,
      quota: createQuotaCommand,
      resourcequota: createQuotaCommand,
      configmap: createConfigMapCommand,
      cm: createConfigMapCommand,
      secret: createSecretCommand,
      serviceaccount: createServiceAccountCommand,
      sa: createServiceAccountCommand,
    },
  },
  debug: { flags: debugFlags, run: runDebug },
  delete: { flags: deleteFlags, run: runDelete },
  describe: { flags: describeFlags, run: runDescribe },
  drain: { flags: drainFlags, run: runDrain },
  expose: { flags: exposeFlags, run: runExpose },
  exec: { flags: execFlags, run: runExec },
  explain: { flags: explainFlags, run: runExplain },
  get: { flags: getFlags, run: runGet },
  label: { flags: labelFlags, run: runLabel },
  logs: { flags: logsFlags, run: runLogs },
  patch: { flags: patchFlags, run: runPatch },
  rollout: {
    flags: [],
    run: runRollout,
    subcommands: {
      history: { flags: rolloutHistoryFlags, run: runRolloutHistory },
      pause: { flags: rolloutPauseFlags, run: runRolloutPause },
      restart: { flags: rolloutRestartFlags, run: runRolloutRestart },
      resume: { flags: rolloutPauseFlags, run: runRolloutResume },
      status: { flags: rolloutStatusFlags, run: runRolloutStatus },
      undo: { flags: rolloutUndoFlags, run: runRolloutUndo },
    },
  },
  run: { flags: runFlags, run: runRun },
  set: {
    flags: [],
    run: runSet,
    subcommands: {
      image: { flags: setImageFlags, run: runSetImage },
      resources: { flags: setResourcesFlags, run: runSetResources },
    },
  },
  scale: { flags: scaleFlags, run: runScale },
  taint: { flags: taintFlags, run: runTaint },
  uncordon: { flags: cordonFlags, run: runUncordon },
  version: { flags: versionFlags, run: runVersion },
  wait: { flags: waitFlags, run: runWait },
};
