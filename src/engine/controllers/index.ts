// Starts every controller of kube-controller-manager this build has, against one cluster.

import type { Cluster } from '../cluster/cluster';
import type { Controller } from '../runtime/controller';
import { InformerFactory } from '../runtime/informer';
import { DAEMONSET_CONTROLLER, startDaemonSetController, type DaemonSetController } from './daemon/daemonset-controller';
import { CRONJOB_CONTROLLER, startCronJobController } from './cronjob/cronjob-controller';
import { DEPLOYMENT_CONTROLLER, startDeploymentController, type DeploymentController } from './deployment/deployment-controller';
import {
  DISRUPTION_EVENT_SOURCE,
  startDisruptionController,
  type DisruptionController,
} from './disruption/disruption-controller';
import {
  startCloudNodeLifecycleController,
  type CloudNodeLifecycleController,
} from './cloudnodelifecycle/cloud-node-lifecycle-controller';
import { startEndpointSliceController } from './endpointslice/endpointslice-controller';
import { startGarbageCollector } from './garbagecollector/garbage-collector';
import { JOB_CONTROLLER, startJobController, type JobController } from './job/job-controller';
import { startTTLAfterFinishedController } from './ttlafterfinished/ttl-after-finished-controller';
import { startNamespaceController } from './namespace/namespace-controller';
import { startNodeIpamController } from './nodeipam/node-ipam-controller';
import { startNodeLifecycleController, type NodeLifecycleController } from './nodelifecycle/node-lifecycle-controller';
import { startPodGCController, type PodGCController } from './podgc/pod-gc-controller';
import { HPA_CONTROLLER, startHorizontalPodAutoscalerController, type HorizontalController } from './podautoscaler/horizontal';
import {
  REPLICASET_CONTROLLER,
  REPLICATION_CONTROLLER,
  startReplicaSetController,
  startReplicationManager,
  type ReplicaSetController,
} from './replicaset/replicaset-controller';
import {
  startTaintEvictionController,
  TAINT_EVICTION_CONTROLLER,
  type TaintEvictionController,
} from './tainteviction/taint-eviction-controller';
import { startServiceAccountsController } from './serviceaccount/serviceaccounts-controller';
import { startTokensController } from './serviceaccount/tokens-controller';
import { startRootCACertPublisher } from './certificates/root-ca-cert-publisher';
import { startResourceQuotaController, type ResourceQuotaController } from './resourcequota/resource-quota-controller';
import { startExternalProvisioners, type ExternalProvisioners } from './volume/external-provisioner';
import {
  PV_CONTROLLER,
  startPersistentVolumeController,
  type PersistentVolumeController,
} from './volume/persistentvolume-controller';
import { STATEFULSET_CONTROLLER, startStatefulSetController } from './statefulset/statefulset-controller';
import { startPvcProtectionController, startPvProtectionController } from './volume/protection-controllers';

export interface Controllers {
  informers: InformerFactory;
  namespace: Controller;
  garbageCollector: Controller;
  endpointSlice: Controller;
  nodeIpam: Controller;
  nodeLifecycle: NodeLifecycleController;
  cloudNodeLifecycle: CloudNodeLifecycleController;
  taintEviction: TaintEvictionController;
  podGC: PodGCController;
  disruption: DisruptionController;
  replicaSet: ReplicaSetController;
  replicationController: ReplicaSetController;
  deployment: DeploymentController;
  daemonSet: DaemonSetController;
  statefulSet: Controller;
  horizontalPodAutoscaler: HorizontalController;
  persistentVolume: PersistentVolumeController;
  externalProvisioners: ExternalProvisioners;
  pvcProtection: Controller;
  pvProtection: Controller;
  resourceQuota: ResourceQuotaController;
  serviceAccount: Controller;
  serviceAccountTokens: Controller;
  rootCACertPublisher: Controller;
  job: JobController;
  ttlAfterFinished: Controller;
  cronJob: Controller;
}

export function startControllers(cluster: Cluster): Controllers {
  const informers = new InformerFactory(cluster.api);
  const controllers: Controllers = {
    informers,
    namespace: startNamespaceController(cluster.api, cluster.clock, informers),
    garbageCollector: startGarbageCollector(cluster.api, cluster.clock, informers),
    endpointSlice: startEndpointSliceController(cluster.api, cluster.clock, informers),
    nodeIpam: startNodeIpamController(cluster.api, cluster.clock, informers),
    nodeLifecycle: startNodeLifecycleController(cluster, informers),
    cloudNodeLifecycle: startCloudNodeLifecycleController(cluster, informers),
    taintEviction: startTaintEvictionController({
      api: cluster.api,
      clock: cluster.clock,
      informers,
      recorder: cluster.events.recorder(TAINT_EVICTION_CONTROLLER),
    }),
    podGC: startPodGCController({ api: cluster.api, clock: cluster.clock, informers, config: cluster.config }),
    disruption: startDisruptionController({
      api: cluster.api,
      clock: cluster.clock,
      informers,
      recorder: cluster.events.recorder(DISRUPTION_EVENT_SOURCE),
    }),
    replicaSet: startReplicaSetController({
      api: cluster.api,
      clock: cluster.clock,
      informers,
      recorder: cluster.events.recorder(REPLICASET_CONTROLLER),
    }),
    replicationController: startReplicationManager({
      api: cluster.api,
      clock: cluster.clock,
      informers,
      recorder: cluster.events.recorder(REPLICATION_CONTROLLER),
    }),
    deployment: startDeploymentController({
      api: cluster.api,
      clock: cluster.clock,
      informers,
      recorder: cluster.events.recorder(DEPLOYMENT_CONTROLLER),
    }),
    daemonSet: startDaemonSetController({
      api: cluster.api,
      clock: cluster.clock,
      informers,
      recorder: cluster.events.recorder(DAEMONSET_CONTROLLER),
    }),
    statefulSet: startStatefulSetController({
      api: cluster.api,
      clock: cluster.clock,
      informers,
      recorder: cluster.events.recorder(STATEFULSET_CONTROLLER),
      config: cluster.config,
    }),
    horizontalPodAutoscaler: startHorizontalPodAutoscalerController({
      api: cluster.api,
      clock: cluster.clock,
      informers,
      recorder: cluster.events.recorder(HPA_CONTROLLER),
    }),
    persistentVolume: startPersistentVolumeController({
      api: cluster.api,
      clock: cluster.clock,
      informers,
      recorder: cluster.events.recorder(PV_CONTROLLER),
    }),
    externalProvisioners: startExternalProvisioners({
      api: cluster.api,
      clock: cluster.clock,
      informers,
      events: cluster.events,
    }),
    pvcProtection: startPvcProtectionController({ api: cluster.api, clock: cluster.clock, informers }),
    pvProtection: startPvProtectionController({ api: cluster.api, clock: cluster.clock, informers }),
    resourceQuota: startResourceQuotaController({ api: cluster.api, clock: cluster.clock, informers }),
    serviceAccount: startServiceAccountsController(cluster.api, cluster.clock, informers),
    serviceAccountTokens: startTokensController(cluster.api, cluster.clock, informers),
    rootCACertPublisher: startRootCACertPublisher(cluster.api, cluster.clock, informers),
    job: startJobController({
      api: cluster.api,
      clock: cluster.clock,
      informers,
      recorder: cluster.events.recorder(JOB_CONTROLLER),
    }),
    ttlAfterFinished: startTTLAfterFinishedController({ api: cluster.api, clock: cluster.clock, informers }),
    cronJob: startCronJobController({
      api: cluster.api,
      clock: cluster.clock,
      informers,
      recorder: cluster.events.recorder(CRONJOB_CONTROLLER),
    }),
  };
  informers.start();
  return controllers;
}
