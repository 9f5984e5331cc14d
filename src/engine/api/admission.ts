// Admission chain: mutating plugins run in order (admit), then validating plugins (validate).
// A plugin refuses a request by throwing an ApiError; the request then changes nothing.
//
// The API server calls the two phases where kube-apiserver does: mutating admission before the
// strategy's PrepareFor* and validation, validating admission after them (handlers/create.go,
// rest.AdmissionToValidateObjectFunc). run() does both at once for callers that need no split.

import type { KObject } from '../../k8s/types';
import type { KindDefinition } from './kinds/kind-definition';

export type AdmissionOperation = 'CREATE' | 'UPDATE' | 'DELETE';

export interface AdmissionRequest {
  operation: AdmissionOperation;
  kind: KindDefinition;
  subresource?: string;
  namespace: string;
  /** The object's name; empty on a CREATE whose name is still to be generated. */
  name: string;
  /** The incoming object (CREATE / UPDATE). */
  object?: KObject;
  /** The stored object (UPDATE / DELETE). */
  oldObject?: KObject;
  dryRun?: boolean;
}

export interface AdmissionPlugin {
  readonly name: string;
  /** Mutating phase: returns the (possibly new) object; throws an ApiError to refuse. */
  admit?(request: AdmissionRequest): KObject | undefined;
  /** Validating phase: throws an ApiError to refuse. */
  validate?(request: AdmissionRequest): void;
}

type Admit = (request: AdmissionRequest) => KObject | undefined;
type Validate = (request: AdmissionRequest) => void;

export class AdmissionChain {
  private readonly plugins: AdmissionPlugin[] = [];
  /**
   * Each phase's functions, bound at registration: every write runs the chain twice, and reading
   * `admit` / `validate` off ~9 plugin objects of different shapes was a megamorphic lookup each.
   */
  private readonly admitters: Admit[] = [];
  private readonly validators: Validate[] = [];

  register(plugin: AdmissionPlugin): void {
    this.plugins.push(plugin);
    if (plugin.admit) this.admitters.push(plugin.admit.bind(plugin));
    if (plugin.validate) this.validators.push(plugin.validate.bind(plugin));
  }

  names(): string[] {
    return this.plugins.map((p) => p.name);
  }

  /** The mutating phase: every plugin's admit() in registration order. */
  admit(request: AdmissionRequest): KObject | undefined {
    let object = request.object;
    // The request is copied only once a plugin has changed the object (on every create and
    // update: no copy per plugin).
    let current = request;
    const admitters = this.admitters;
    for (let i = 0; i < admitters.length; i++) {
      if (current.object !== object) current = { ...request, object };
      object = admitters[i](current) ?? object;
    }
    return object;
  }

  /** The validating phase: every plugin's validate() in registration order. */
  validate(request: AdmissionRequest): void {
    const validators = this.validators;
    for (let i = 0; i < validators.length; i++) validators[i](request);
  }

  /** Both phases, for a request that needs no strategy step in between. */
  run(request: AdmissionRequest): KObject | undefined {
    const object = this.admit(request);
    this.validate(object === request.object ? request : { ...request, object });
    return object;
  }
}
