// What a describer gets and returns: the fetched object and the environment it may query for
// related objects (events, pods on a node, the node's lease), and the text kubectl prints.

import type { KObject } from '../../../k8s/types';
import type { KubectlEnv } from '../context';

export interface DescribeContext {
  env: KubectlEnv;
  /** `--show-events` (default true). */
  showEvents: boolean;
  /** Wall-clock now, for ages. */
  nowUnixMs: number;
}

export type Describer = (obj: KObject, ctx: DescribeContext) => string;
