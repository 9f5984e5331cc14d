// core/v1 Event validation (pkg/apis/core/validation/events.go). Through the core/v1 API only the
// "legacy" checks apply (the strict ones are for events.k8s.io/v1): the event's namespace must
// agree with involvedObject.namespace, new-style events (eventTime set) need reportingController,
// reportingInstance, action and reason within their length limits. ObjectMeta is then only checked
// by the generic registry (path-segment names).

import type { KObject } from '../../../k8s/types';
import { field, type FieldError } from '../errors';
import { isDNS1123Subdomain, isQualifiedName } from '../../../k8s/names';
import { validateCommonCreateFields, validateCommonUpdateFields } from './objectmeta';
import { asObj, asString, isSet } from './util';

export const REPORTING_INSTANCE_LENGTH_LIMIT = 128;
export const ACTION_LENGTH_LIMIT = 128;
export const REASON_LENGTH_LIMIT = 128;
export const NOTE_LENGTH_LIMIT = 1024;

/** legacyValidateEvent. */
export function legacyValidateEvent(event: KObject): FieldError[] {
  const errs: FieldError[] = [];
  const namespace = asString(event.metadata?.namespace);
  const involvedNamespace = asString(asObj(event.involvedObject).namespace);
  const mismatch = () => field.invalid('involvedObject.namespace', involvedNamespace, 'does not match event.namespace');
  if (!isSet(event.eventTime)) {
    if (involvedNamespace === '') {
      // A cluster-scoped object's events may live in "" or (for old clients) "default".
      if (namespace !== '' && namespace !== 'default') errs.push(mismatch());
    } else if (namespace !== involvedNamespace) {
      errs.push(mismatch());
    }
  } else {
    if (involvedNamespace === '' && namespace !== 'default' && namespace !== 'kube-system') errs.push(mismatch());
    const controller = asString(event.reportingComponent);
    if (controller === '') errs.push(field.required('reportingController'));
    for (const msg of isQualifiedName(controller)) errs.push(field.invalid('reportingController', controller, msg));
    const instance = asString(event.reportingInstance);
    if (instance === '') errs.push(field.required('reportingInstance'));
    if (instance.length > REPORTING_INSTANCE_LENGTH_LIMIT) {
      errs.push(field.invalid('reportingInstance', '', `can have at most ${REPORTING_INSTANCE_LENGTH_LIMIT} characters`));
    }
    const action = asString(event.action);
    if (action === '') errs.push(field.required('action'));
    if (action.length > ACTION_LENGTH_LIMIT)
      errs.push(field.invalid('action', '', `can have at most ${ACTION_LENGTH_LIMIT} characters`));
    const reason = asString(event.reason);
    if (reason === '') errs.push(field.required('reason'));
    if (reason.length > REASON_LENGTH_LIMIT)
      errs.push(field.invalid('reason', '', `can have at most ${REASON_LENGTH_LIMIT} characters`));
    if (asString(event.message).length > NOTE_LENGTH_LIMIT) {
      errs.push(field.invalid('message', '', `can have at most ${NOTE_LENGTH_LIMIT} characters`));
    }
  }
  for (const msg of isDNS1123Subdomain(namespace)) errs.push(field.invalid('namespace', namespace, msg));
  return errs;
}

/**
 * What creating a core/v1 Event is checked against: the legacy event checks, and only when those
 * pass, the registry's generic ObjectMeta check (a second, separate Invalid error upstream).
 */
export function validateEvent(event: KObject): FieldError[] {
  const errs = legacyValidateEvent(event);
  if (errs.length > 0) return errs;
  return validateCommonCreateFields(event.metadata, true);
}

/** Updating a core/v1 Event: the registry's common metadata checks, then the legacy checks. */
export function validateEventUpdate(event: KObject, old: KObject): FieldError[] {
  return [...validateCommonUpdateFields(event.metadata, old.metadata, true), ...legacyValidateEvent(event)];
}
