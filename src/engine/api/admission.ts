// Admission chain: mutating plugins run in order on create/update, then validating plugins.
// A plugin refuses a request by throwing an ApiError; the request then changes nothing.

import type { KObject } from '../../k8s/types';
import type { KindDefinition } from './kinds/kind-definition';

export type AdmissionOperation = 'CREATE' | 'UPDATE' | 'DELETE';

export interface AdmissionRequest {
  operation: AdmissionOperation;
  kind: KindDefinition;
  subresource?: string;
  namespace: string;
  name: string;
  /** The incoming object (CREATE / UPDATE). */
  object?: KObject;
  /** The stored object (UPDATE / DELETE). */
  oldObject?: KObject;
}

export interface AdmissionPlugin {
  readonly name: string;
  /** Mutating phase: returns the (possibly new) object. */
  admit?(request: AdmissionRequest): KObject | undefined;
  /** Validating phase: throws an ApiError to refuse. */
  validate?(request: AdmissionRequest): void;
}

export class AdmissionChain {
  private readonly plugins: AdmissionPlugin[] = [];

  register(plugin: AdmissionPlugin): void {
    this.plugins.push(plugin);
  }

  names(): string[] {
    return this.plugins.map((p) => p.name);
  }

  run(request: AdmissionRequest): KObject | undefined {
    let object = request.object;
    for (const plugin of this.plugins) {
      if (plugin.admit) object = plugin.admit({ ...request, object }) ?? object;
    }
    for (const plugin of this.plugins) plugin.validate?.({ ...request, object });
    return object;
  }
}
