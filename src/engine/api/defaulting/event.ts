// Defaulting for core/v1 Events: pkg/apis/core/v1 registers no defaulting function for Event, and
// the event REST strategy's PrepareForCreate/Update do nothing, so an Event is stored as sent.

import type { KObject } from '../../../k8s/types';

/** Identity: core/v1 Event has no defaults. */
export function defaultEvent<T extends KObject>(event: T): T {
  return event;
}
