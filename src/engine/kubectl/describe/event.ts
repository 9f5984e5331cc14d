// `kubectl describe event`: kubectl has no Event describer either; an Event is printed by the
// generic describer (Count, Event Time, First Timestamp, Involved Object, Message, Reason, Source…).

import { describeGeneric } from './generic';
import type { Describer } from './types';

export const describeEvent: Describer = (event, ctx) => describeGeneric(event, ctx);
