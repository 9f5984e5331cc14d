// metav1.LabelSelector validation (k8s.io/apimachinery/pkg/apis/meta/v1/validation) and the core
// NodeSelector / affinity validators (pkg/apis/core/validation) that pods and workloads share.

import { field, type FieldError } from '../errors';
import { isValidLabelValue } from '../../../k8s/names';
import { asArray, asInt, asObj, asString, child, index, isObj, validateLabelName, validateLabels } from './util';

export interface LabelSelectorOptions {
  /** Skip the label-value check on matchExpressions values (kept for old objects). */
  allowInvalidLabelValueInSelector?: boolean;
}

/** ValidateLabelSelectorRequirement. */
export function validateLabelSelectorRequirement(req: unknown, opts: LabelSelectorOptions, path: string): FieldError[] {
  const r = asObj(req);
  const errs: FieldError[] = [];
  const operator = asString(r.operator);
  const values = asArray(r.values).map(asString);
  switch (operator) {
    case 'In':
    case 'NotIn':
      if (values.length === 0)
        errs.push(field.required(child(path, 'values'), "must be specified when `operator` is 'In' or 'NotIn'"));
      break;
    case 'Exists':
    case 'DoesNotExist':
      if (values.length > 0) {
        errs.push(field.forbidden(child(path, 'values'), "may not be specified when `operator` is 'Exists' or 'DoesNotExist'"));
      }
      break;
    default:
      errs.push(field.invalid(child(path, 'operator'), operator, 'not a valid selector operator'));
  }
  errs.push(...validateLabelName(asString(r.key), child(path, 'key')));
  if (!opts.allowInvalidLabelValueInSelector) {
    values.forEach((v, i) => {
      for (const msg of isValidLabelValue(v)) errs.push(field.invalid(index(child(path, 'values'), i), v, msg));
    });
  }
  return errs;
}

/** ValidateLabelSelector (nil selectors are valid). */
export function validateLabelSelector(selector: unknown, opts: LabelSelectorOptions, path: string): FieldError[] {
  if (!isObj(selector)) return [];
  const errs: FieldError[] = [];
  errs.push(...validateLabels(selector.matchLabels, child(path, 'matchLabels')));
  asArray(selector.matchExpressions).forEach((expr, i) => {
    errs.push(...validateLabelSelectorRequirement(expr, opts, index(child(path, 'matchExpressions'), i)));
  });
  return errs;
}

/** ValidateNodeSelectorRequirement. */
export function validateNodeSelectorRequirement(req: unknown, allowInvalidLabelValue: boolean, path: string): FieldError[] {
  const r = asObj(req);
  const errs: FieldError[] = [];
  const operator = asString(r.operator);
  const values = asArray(r.values).map(asString);
  switch (operator) {
    case 'In':
    case 'NotIn':
      if (values.length === 0)
        errs.push(field.required(child(path, 'values'), "must be specified when `operator` is 'In' or 'NotIn'"));
      break;
    case 'Exists':
    case 'DoesNotExist':
      if (values.length > 0) {
        errs.push(field.forbidden(child(path, 'values'), "may not be specified when `operator` is 'Exists' or 'DoesNotExist'"));
      }
      break;
    case 'Gt':
    case 'Lt':
      if (values.length !== 1) {
        errs.push(field.required(child(path, 'values'), "must be specified single value when `operator` is 'Lt' or 'Gt'"));
      }
      break;
    default:
      errs.push(field.invalid(child(path, 'operator'), operator, 'not a valid selector operator'));
  }
  errs.push(...validateLabelName(asString(r.key), child(path, 'key')));
  if (!allowInvalidLabelValue) {
    values.forEach((v, i) => {
      for (const msg of isValidLabelValue(v)) errs.push(field.invalid(index(child(path, 'values'), i), v, msg));
    });
  }
  return errs;
}

/** ValidateNodeFieldSelectorRequirement: only `metadata.name` with In/NotIn and one value. */
function validateNodeFieldSelectorRequirement(
  req: unknown,
  path: string,
  validateNodeName: (name: string) => string[],
): FieldError[] {
  const r = asObj(req);
  const errs: FieldError[] = [];
  const operator = asString(r.operator);
  const values = asArray(r.values).map(asString);
  if (operator === 'In' || operator === 'NotIn') {
    if (values.length !== 1) {
      errs.push(
        field.required(
          child(path, 'values'),
          "must be only one value when `operator` is 'In' or 'NotIn' for node field selector",
        ),
      );
    }
  } else {
    errs.push(field.invalid(child(path, 'operator'), operator, 'not a valid selector operator'));
  }
  const k = asString(r.key);
  if (k !== 'metadata.name') {
    errs.push(field.invalid(child(path, 'key'), k, 'not a valid field selector key'));
  } else {
    values.forEach((v, i) => {
      for (const msg of validateNodeName(v)) errs.push(field.invalid(index(child(path, 'values'), i), v, msg));
    });
  }
  return errs;
}

/** ValidateNodeSelectorTerm. */
export function validateNodeSelectorTerm(
  term: unknown,
  allowInvalidLabelValue: boolean,
  path: string,
  validateNodeName: (name: string) => string[],
): FieldError[] {
  const t = asObj(term);
  const errs: FieldError[] = [];
  asArray(t.matchExpressions).forEach((req, j) => {
    errs.push(...validateNodeSelectorRequirement(req, allowInvalidLabelValue, index(child(path, 'matchExpressions'), j)));
  });
  asArray(t.matchFields).forEach((req, j) => {
    errs.push(...validateNodeFieldSelectorRequirement(req, index(child(path, 'matchFields'), j), validateNodeName));
  });
  return errs;
}

/** ValidateNodeSelector (the required node affinity). */
export function validateNodeSelector(
  selector: unknown,
  allowInvalidLabelValue: boolean,
  path: string,
  validateNodeName: (name: string) => string[],
): FieldError[] {
  const terms = asArray(asObj(selector).nodeSelectorTerms);
  const termsPath = child(path, 'nodeSelectorTerms');
  if (terms.length === 0) return [field.required(termsPath, 'must have at least one node selector term')];
  const errs: FieldError[] = [];
  terms.forEach((term, i) =>
    errs.push(...validateNodeSelectorTerm(term, allowInvalidLabelValue, index(termsPath, i), validateNodeName)),
  );
  return errs;
}

/** ValidatePreferredSchedulingTerms. */
export function validatePreferredSchedulingTerms(
  terms: unknown,
  path: string,
  validateNodeName: (name: string) => string[],
): FieldError[] {
  const errs: FieldError[] = [];
  asArray(terms).forEach((term, i) => {
    const t = asObj(term);
    const weight = asInt(t.weight);
    if (weight <= 0 || weight > 100)
      errs.push(field.invalid(child(index(path, i), 'weight'), weight, 'must be in the range 1-100'));
    // Preferred terms always allow invalid label values (they can still match on a one-node cluster).
    errs.push(...validateNodeSelectorTerm(t.preference, true, child(index(path, i), 'preference'), validateNodeName));
  });
  return errs;
}
