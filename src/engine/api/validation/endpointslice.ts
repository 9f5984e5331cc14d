// discovery.k8s.io/v1 EndpointSlice validation (pkg/apis/discovery/validation): the address type,
// at most 1000 endpoints of 1..100 addresses each (valid for the address type), hostnames and
// node names, at most 20000 ports with unique names and a supported protocol; addressType is
// immutable.

import { nameIsDNSSubdomain } from '../../../k8s/names';
import type { KObject } from '../../../k8s/types';
import { field, type FieldError } from '../errors';
import { validateCommonUpdateFields, validateObjectMeta } from './objectmeta';
import {
  asArray,
  asObj,
  asString,
  child,
  index,
  isIPv4,
  isIPSloppy,
  isSet,
  validateDNS1123Label,
  validateDNS1123Subdomain,
  validateImmutableField,
  validateQualifiedName,
} from './util';

const SUPPORTED_ADDRESS_TYPES = ['FQDN', 'IPv4', 'IPv6'];
const SUPPORTED_PROTOCOLS = ['SCTP', 'TCP', 'UDP'];
const MAX_ADDRESSES = 100;
const MAX_PORTS = 20000;
const MAX_ENDPOINTS = 1000;

function tooMany(path: string, actual: number, max: number): FieldError {
  return { type: 'FieldValueTooMany', field: path, value: actual, detail: `must have at most ${max} items` };
}

function validateAddress(addressType: string, address: string, path: string): FieldError[] {
  switch (addressType) {
    case 'IPv4':
      return isIPv4(address) ? [] : [field.invalid(path, address, 'must be a valid IPv4 address')];
    case 'IPv6':
      return isIPSloppy(address) && address.includes(':') ? [] : [field.invalid(path, address, 'must be a valid IPv6 address')];
    case 'FQDN':
      return validateDNS1123Subdomain(address, path);
  }
  return [];
}

function validateEndpoints(endpoints: unknown, addressType: string): FieldError[] {
  const list = asArray(endpoints);
  if (list.length > MAX_ENDPOINTS) return [tooMany('endpoints', list.length, MAX_ENDPOINTS)];
  const errs: FieldError[] = [];
  list.forEach((e, i) => {
    const ep = asObj(e);
    const path = index('endpoints', i);
    const addresses = asArray(ep.addresses);
    const addressPath = child(path, 'addresses');
    if (addresses.length === 0) errs.push(field.required(addressPath, 'must contain at least 1 address'));
    else if (addresses.length > MAX_ADDRESSES) errs.push(tooMany(addressPath, addresses.length, MAX_ADDRESSES));
    addresses.forEach((a, j) => errs.push(...validateAddress(addressType, asString(a), index(addressPath, j))));
    if (isSet(ep.nodeName)) {
      for (const msg of nameIsDNSSubdomain(asString(ep.nodeName), false))
        errs.push(field.invalid(child(path, 'nodeName'), asString(ep.nodeName), msg));
    }
    if (isSet(ep.hostname)) errs.push(...validateDNS1123Label(asString(ep.hostname), child(path, 'hostname')));
  });
  return errs;
}

function validatePorts(ports: unknown): FieldError[] {
  const list = asArray(ports);
  if (list.length > MAX_PORTS) return [tooMany('ports', list.length, MAX_PORTS)];
  const errs: FieldError[] = [];
  const names = new Set<string>();
  list.forEach((p, i) => {
    const port = asObj(p);
    const path = index('ports', i);
    const name = asString(port.name);
    if (name.length > 0) errs.push(...validateDNS1123Label(name, child(path, 'name')));
    if (names.has(name)) errs.push(field.duplicate(child(path, 'name'), name));
    else names.add(name);
    if (!isSet(port.protocol)) errs.push(field.required(child(path, 'protocol')));
    else if (!SUPPORTED_PROTOCOLS.includes(asString(port.protocol)))
      errs.push(field.notSupported(child(path, 'protocol'), asString(port.protocol), SUPPORTED_PROTOCOLS));
    if (isSet(port.appProtocol)) errs.push(...validateQualifiedName(asString(port.appProtocol), child(path, 'appProtocol')));
  });
  return errs;
}

function validateAddressType(addressType: string): FieldError[] {
  if (addressType === '') return [field.required('addressType')];
  if (!SUPPORTED_ADDRESS_TYPES.includes(addressType))
    return [field.notSupported('addressType', addressType, SUPPORTED_ADDRESS_TYPES)];
  return [];
}

/** ValidateEndpointSliceCreate. */
export function validateEndpointSlice(slice: KObject): FieldError[] {
  const addressType = asString(slice.addressType);
  return [
    ...validateObjectMeta(slice.metadata, { namespaced: true, validateName: nameIsDNSSubdomain }),
    ...validateAddressType(addressType),
    ...validateEndpoints(slice.endpoints, addressType),
    ...validatePorts(slice.ports),
  ];
}

/** ValidateEndpointSliceUpdate. */
export function validateEndpointSliceUpdate(slice: KObject, old: KObject): FieldError[] {
  return [
    ...validateCommonUpdateFields(slice.metadata, old.metadata, true),
    ...validateEndpointSlice(slice),
    ...validateImmutableField(slice.addressType, old.addressType, 'addressType'),
  ];
}
