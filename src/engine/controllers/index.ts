// Starts every controller of kube-controller-manager this build has, against one cluster.

import type { Cluster } from '../cluster/cluster';
import type { Controller } from '../runtime/controller';
import { InformerFactory } from '../runtime/informer';
import { startEndpointSliceController } from './endpointslice/endpointslice-controller';
import { startGarbageCollector } from './garbagecollector/garbage-collector';
import { startNamespaceController } from './namespace/namespace-controller';
import { startNodeIpamController } from './nodeipam/node-ipam-controller';

export interface Controllers {
  informers: InformerFactory;
  namespace: Controller;
  garbageCollector: Controller;
  endpointSlice: Controller;
  nodeIpam: Controller;
}

export function startControllers(cluster: Cluster): Controllers {
  const informers = new InformerFactory(cluster.api);
  const controllers: Controllers = {
    informers,
    namespace: startNamespaceController(cluster.api, cluster.clock, informers),
    garbageCollector: startGarbageCollector(cluster.api, cluster.clock, informers),
    endpointSlice: startEndpointSliceController(cluster.api, cluster.clock, informers),
    nodeIpam: startNodeIpamController(cluster.api, cluster.clock, informers),
  };
  informers.start();
  return controllers;
}
