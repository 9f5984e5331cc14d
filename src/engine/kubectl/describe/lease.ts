// `kubectl describe lease`: kubectl has no Lease describer, so a Lease goes through the generic
// one (API Version, Kind, Metadata, Spec with Holder Identity, Lease Duration Seconds, Renew Time…).

import { describeGeneric } from './generic';
import type { Describer } from './types';

export const describeLease: Describer = (lease, ctx) => describeGeneric(lease, ctx);
