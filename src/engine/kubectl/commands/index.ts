// The kubectl verbs this build implements. Later issues add theirs here.

import { describeFlags, runDescribe } from '../describe';
import type { KubectlCommand } from '../kubectl';
import { annotateFlags, runAnnotate } from './annotate';
import { apiResourcesFlags, runApiResources } from './api-resources';
import { applyFlags, runApply } from './apply';
import { attachFlags, runAttach } from './attach';
import { autoscaleFlags, runAutoscale } from './autoscale';
import {
  configCurrentContextFlags,
  configGetContextsFlags,
  configViewFlags,
  runConfig,
  runConfigCurrentContext,
  runConfigGetContexts,
  runConfigView,
} from './config';
import { cordonFlags, runCordon, runUncordon } from './cordon';
import { createFlags, runCreate } from './create';
import { createCronJobFlags, runCreateCronJob } from './create-cronjob';
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
import { createJobFlags, runCreateJob } from './create-job';
import { createPdbFlags, runCreatePdb } from './create-pdb';
import {
  createNamespaceFlags,
  createPriorityClassFlags,
  createServiceFlags,
  createServiceTypeFlags,
  runCreateNamespace,
  runCreatePriorityClass,
  runCreateService,
  runCreateServiceOfType,
} from './create-simple';
import { createQuotaFlags, runCreateQuota } from './create-quota';
import { debugFlags, runDebug } from './debug';
import { deleteFlags, runDelete } from './delete';
import { drainFlags, runDrain } from './drain';
import { editFlags, runEdit } from './edit';
import { eventsFlags, runEvents } from './events';
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
import { replaceFlags, runReplace } from './replace';
import { runFlags, runRun } from './run';
import { runSet, runSetImage, runSetResources, setImageFlags, setResourcesFlags } from './set';
import { runScale, scaleFlags } from './scale';
import { runTaint, taintFlags } from './taint';
import { runTop, runTopNode, runTopPod, topNodeFlags, topPodFlags } from './top';
import { runVersion, versionFlags } from './version';
import { runWait, waitFlags } from './wait';
import { globalOptionsText } from '../help';

/** `kubectl create deployment` (alias `deploy`). */
const createDeploymentCommand: KubectlCommand = { flags: createDeploymentFlags, run: runCreateDeployment };

/** `kubectl create namespace` (alias `ns`). */
const createNamespaceCommand: KubectlCommand = { flags: createNamespaceFlags, run: runCreateNamespace };

/** `kubectl create priorityclass` (alias `pc`). */
const createPriorityClassCommand: KubectlCommand = { flags: createPriorityClassFlags, run: runCreatePriorityClass };

/** `kubectl create service` (alias `svc`) and its four types. */
const createServiceCommand: KubectlCommand = {
  flags: createServiceFlags,
  run: runCreateService,
  subcommands: {
    clusterip: { flags: createServiceTypeFlags.ClusterIP, run: runCreateServiceOfType('ClusterIP') },
    externalname: { flags: createServiceTypeFlags.ExternalName, run: runCreateServiceOfType('ExternalName') },
    loadbalancer: { flags: createServiceTypeFlags.LoadBalancer, run: runCreateServiceOfType('LoadBalancer') },
    nodeport: { flags: createServiceTypeFlags.NodePort, run: runCreateServiceOfType('NodePort') },
  },
};
/** `kubectl create cronjob` (alias `cj`). */
const createCronJobCommand: KubectlCommand = { flags: createCronJobFlags, run: runCreateCronJob };

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
  attach: { flags: attachFlags, run: runAttach },
  autoscale: { flags: autoscaleFlags, run: runAutoscale },
  config: {
    flags: [],
    run: runConfig,
    subcommands: {
      'current-context': { flags: configCurrentContextFlags, run: runConfigCurrentContext },
      'get-contexts': { flags: configGetContextsFlags, run: runConfigGetContexts },
      view: { flags: configViewFlags, run: runConfigView },
    },
  },
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
      namespace: createNamespaceCommand,
      ns: createNamespaceCommand,
      priorityclass: createPriorityClassCommand,
      pc: createPriorityClassCommand,
      service: createServiceCommand,
      svc: createServiceCommand,
      quota: createQuotaCommand,
      resourcequota: createQuotaCommand,
      job: { flags: createJobFlags, run: runCreateJob },
      cronjob: createCronJobCommand,
      cj: createCronJobCommand,
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
  edit: { flags: editFlags, run: runEdit },
  events: { flags: eventsFlags, run: runEvents },
  expose: { flags: exposeFlags, run: runExpose },
  exec: { flags: execFlags, run: runExec },
  explain: { flags: explainFlags, run: runExplain },
  get: { flags: getFlags, run: runGet },
  label: { flags: labelFlags, run: runLabel },
  logs: { flags: logsFlags, run: runLogs },
  options: {
    flags: [],
    run: (_parsed, io) => {
      io.out(globalOptionsText());
      return 0;
    },
  },
  patch: { flags: patchFlags, run: runPatch },
  replace: { flags: replaceFlags, run: runReplace },
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
  top: {
    flags: [],
    run: runTop,
    subcommands: {
      node: { flags: topNodeFlags, run: runTopNode },
      nodes: { flags: topNodeFlags, run: runTopNode },
      no: { flags: topNodeFlags, run: runTopNode },
      pod: { flags: topPodFlags, run: runTopPod },
      pods: { flags: topPodFlags, run: runTopPod },
      po: { flags: topPodFlags, run: runTopPod },
    },
  },
  uncordon: { flags: cordonFlags, run: runUncordon },
  version: { flags: versionFlags, run: runVersion },
  wait: { flags: waitFlags, run: runWait },
};
