// The API groups served beside the engine's kinds.

import { authorizationGroup } from './authorization';
import { metricsGroup } from './metrics';
import type { SideGroup } from './side-group';

export const SIDE_GROUPS: readonly SideGroup[] = [authorizationGroup, metricsGroup];
