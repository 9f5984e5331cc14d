// v1 Service validation (pkg/apis/core/validation ValidateService, ValidateServiceUpdate,
// ValidateServiceStatusUpdate and ValidateServiceClusterIPsRelatedFields, which the Service REST
// also runs before allocating). Expects a defaulted object whose IP fields the REST has filled in.
//
// Values Go prints with %#v ([]string, core.ServicePort) are rendered the way Go does.

import { nameIsDNS1035Label } from '../../../k8s/names';
import type { KObject } from '../../../k8s/types';
import { field, type FieldError } from '../errors';
import { validateCommonUpdateFields, validateObjectMeta, validateObjectMetaUpdate } from './objectmeta';
import { validatePortNumOrName } from './pod';
import {
  asArray,
  asInt,
  asObj,
  asString,
  child,
  index,
  isIPSloppy,
  isSet,
  isValidPortNum,
  validateCIDR,
  validateDNS1123Label,
  validateDNS1123Subdomain,
  validateIP,
  validateLabels,
  validateQualifiedName,
  type Obj,
} from './util';

const SUPPORTED_SESSION_AFFINITY = ['ClientIP', 'None'];
const SUPPORTED_TYPES = ['ClusterIP', 'ExternalName', 'LoadBalancer', 'NodePort'];
const SUPPORTED_ITP = ['Cluster', 'Local'];
const SUPPORTED_ETP = ['Cluster', 'Local'];
const SUPPORTED_FAMILIES = ['IPv4', 'IPv6'];
const SUPPORTED_FAMILY_POLICIES = ['PreferDualStack', 'RequireDualStack', 'SingleStack'];
const SUPPORTED_PROTOCOLS = ['SCTP', 'TCP', 'UDP'];
/** core.MaxClientIPServiceAffinitySeconds (1 day). */
const MAX_CLIENT_IP_AFFINITY_SECONDS = 86400;
const LB_SOURCE_RANGES_ANNOTATION = 'service.beta.kubernetes.io/load-balancer-source-ranges';
const TOPOLOGY_HINTS_ANNOTATION = 'service.kubernetes.io/topology-aware-hints';
const TOPOLOGY_MODE_ANNOTATION = 'service.kubernetes.io/topology-mode';

/** Go's %#v of a []string. */
export function goStrings(values: unknown[]): string {
  return `[]string{${values.map((v) => JSON.stringify(asString(v))).join(', ')}}`;
}

/** An error whose bad value Go prints with %#v (already rendered in `goValue`). */
export function invalidGo(path: string, goValue: string, detail: string): FieldError {
  return { type: 'FieldValueInvalid', field: path, hasValue: false, detail: `${goValue}: ${detail}` };
}

function strings(v: unknown): string[] {
  return asArray(v).map(asString);
}

/** isHeadlessService: exactly one cluster IP, "None". */
export function isHeadless(spec: Obj): boolean {
  const ips = strings(spec.clusterIPs);
  return ips.length === 1 && ips[0] === 'None';
}

function isIPv6(ip: string): boolean {
  return ip.includes(':');
}

/** ValidateServiceClusterIPsRelatedFields. */
export function validateClusterIPsRelatedFields(spec: Obj): FieldError[] {
  if (spec.type === 'ExternalName') return [];
  const errs: FieldError[] = [];
  const clusterIPsPath = 'spec.clusterIPs';
  const clusterIP = asString(spec.clusterIP);
  const clusterIPs = strings(spec.clusterIPs);
  const families = strings(spec.ipFamilies);
  if (clusterIP !== '') {
    if (clusterIPs.length === 0) errs.push(field.required(clusterIPsPath));
    else if (clusterIPs[0] !== clusterIP)
      errs.push(invalidGo(clusterIPsPath, goStrings(clusterIPs), 'first value must match `clusterIP`'));
  } else if (clusterIPs.length !== 0) {
    errs.push(invalidGo(clusterIPsPath, goStrings(clusterIPs), 'must be empty when `clusterIP` is not specified'));
  }
  const seen = new Set<string>();
  families.forEach((f, i) => {
    if (!SUPPORTED_FAMILIES.includes(f)) errs.push(field.notSupported(index('spec.ipFamilies', i), f, SUPPORTED_FAMILIES));
    if (seen.has(f)) errs.push(field.duplicate(index('spec.ipFamilies', i), f));
    seen.add(f);
  });
  if (isSet(spec.ipFamilyPolicy) && !SUPPORTED_FAMILY_POLICIES.includes(asString(spec.ipFamilyPolicy))) {
    errs.push(field.notSupported('spec.ipFamilyPolicy', asString(spec.ipFamilyPolicy), SUPPORTED_FAMILY_POLICIES));
  }
  let invalidIPs = false;
  clusterIPs.forEach((ip, i) => {
    if (i === 0 && ip === 'None') {
      if (clusterIPs.length > 1) {
        invalidIPs = true;
        errs.push(invalidGo(clusterIPsPath, goStrings(clusterIPs), "'None' must be the first and only value"));
      }
      return;
    }
    const ipErrs = validateIP(index(clusterIPsPath, i), ip);
    if (ipErrs.length) invalidIPs = true;
    errs.push(...ipErrs);
  });
  if (clusterIPs.length > 2) errs.push(invalidGo(clusterIPsPath, goStrings(clusterIPs), 'may only hold up to 2 values'));
  if (invalidIPs) return errs;
  if (clusterIPs.length > 1 && isIPv6(clusterIPs[0]) === isIPv6(clusterIPs[1])) {
    errs.push(invalidGo(clusterIPsPath, goStrings(clusterIPs), 'may specify no more than one IP for each IP family'));
  }
  if (!isHeadless(spec) && clusterIPs.length > 0 && families.length > 0) {
    clusterIPs.forEach((ip, i) => {
      if (i > families.length - 1) return;
      if (families[i] === 'IPv4' && isIPv6(ip))
        errs.push(field.invalid(index(clusterIPsPath, i), ip, `expected an IPv4 value as indicated by \`ipFamilies[${i}]\``));
      if (families[i] === 'IPv6' && !isIPv6(ip))
        errs.push(field.invalid(index(clusterIPsPath, i), ip, `expected an IPv6 value as indicated by \`ipFamilies[${i}]\``));
    });
  }
  return errs;
}

/** Go's %#v of the (protocol, port) key ValidateService reports duplicate ports with. */
function servicePortKey(protocol: string, port: number): string {
  return `core.ServicePort{Name:"", Protocol:${JSON.stringify(protocol)}, AppProtocol:(*string)(nil), Port:${port}, TargetPort:intstr.IntOrString{Type:0, IntVal:0, StrVal:""}, NodePort:0}`;
}

function validateServicePort(sp: Obj, requireName: boolean, names: Set<string>, path: string): FieldError[] {
  const errs: FieldError[] = [];
  const name = asString(sp.name);
  if (requireName && name === '') errs.push(field.required(child(path, 'name')));
  else if (name !== '') {
    errs.push(...validateDNS1123Label(name, child(path, 'name')));
    if (names.has(name)) errs.push(field.duplicate(child(path, 'name'), name));
    else names.add(name);
  }
  for (const msg of isValidPortNum(asInt(sp.port))) errs.push(field.invalid(child(path, 'port'), asInt(sp.port), msg));
  const protocol = asString(sp.protocol);
  if (protocol === '') errs.push(field.required(child(path, 'protocol')));
  else if (!SUPPORTED_PROTOCOLS.includes(protocol))
    errs.push(field.notSupported(child(path, 'protocol'), protocol, SUPPORTED_PROTOCOLS));
  errs.push(...validatePortNumOrName(sp.targetPort, child(path, 'targetPort')));
  if (isSet(sp.appProtocol)) errs.push(...validateQualifiedName(asString(sp.appProtocol), child(path, 'appProtocol')));
  return errs;
}

function validateClientIPAffinityConfig(config: unknown, path: string): FieldError[] {
  const when = 'when session affinity type is ClientIP';
  if (!isSet(config)) return [field.required(path, when)];
  const clientIP = asObj(config).clientIP;
  if (!isSet(clientIP)) return [field.required(child(path, 'clientIP'), when)];
  const timeout = asObj(clientIP).timeoutSeconds;
  const timeoutPath = child(path, 'clientIP', 'timeoutSeconds');
  if (!isSet(timeout)) return [field.required(timeoutPath, when)];
  const t = asInt(timeout);
  if (t <= 0 || t > MAX_CLIENT_IP_AFFINITY_SECONDS) {
    return [field.invalid(timeoutPath, t, `must be greater than 0 and less than ${MAX_CLIENT_IP_AFFINITY_SECONDS}`)];
  }
  return [];
}

/** ValidateNonSpecialIP. */
function validateNonSpecialIP(ip: string, path: string): FieldError[] {
  const errs: FieldError[] = [];
  if (ip === '0.0.0.0' || ip === '::') errs.push(field.invalid(path, ip, `may not be unspecified (${ip})`));
  if (ip.startsWith('127.') || ip === '::1')
    errs.push(field.invalid(path, ip, 'may not be in the loopback range (127.0.0.0/8, ::1/128)'));
  if (ip.startsWith('169.254.') || ip.toLowerCase().startsWith('fe80:'))
    errs.push(field.invalid(path, ip, 'may not be in the link-local range (169.254.0.0/16, fe80::/10)'));
  if (ip.startsWith('224.0.0.') || ip.toLowerCase().startsWith('ff02:'))
    errs.push(field.invalid(path, ip, 'may not be in the link-local multicast range (224.0.0.0/24, ff02::/10)'));
  return errs;
}

function validateExternalTrafficPolicy(spec: Obj): FieldError[] {
  const errs: FieldError[] = [];
  const etp = asString(spec.externalTrafficPolicy);
  const accessible =
    spec.type === 'LoadBalancer' ||
    spec.type === 'NodePort' ||
    (spec.type === 'ClusterIP' && asArray(spec.externalIPs).length > 0);
  if (!accessible) {
    if (etp !== '')
      errs.push(field.invalid('spec.externalTrafficPolicy', etp, 'may only be set for externally-accessible services'));
  } else if (etp === '') errs.push(field.required('spec.externalTrafficPolicy'));
  else if (!SUPPORTED_ETP.includes(etp)) errs.push(field.notSupported('spec.externalTrafficPolicy', etp, SUPPORTED_ETP));
  const hc = asInt(spec.healthCheckNodePort);
  if (!(spec.type === 'LoadBalancer' && etp === 'Local')) {
    if (hc !== 0)
      errs.push(
        field.invalid(
          'spec.healthCheckNodePort',
          hc,
          "may only be set when `type` is 'LoadBalancer' and `externalTrafficPolicy` is 'Local'",
        ),
      );
  } else if (hc === 0) errs.push(field.required('spec.healthCheckNodePort'));
  else for (const msg of isValidPortNum(hc)) errs.push(field.invalid('spec.healthCheckNodePort', hc, msg));
  return errs;
}

function validateLoadBalancerClass(spec: Obj, old: Obj | undefined): FieldError[] {
  const errs: FieldError[] = [];
  const cls = spec.loadBalancerClass;
  if (old && old.type === 'LoadBalancer' && spec.type === 'LoadBalancer' && (old.loadBalancerClass ?? null) !== (cls ?? null)) {
    errs.push(field.invalid('spec.loadBalancerClass', cls ?? null, 'may not change once set'));
  }
  if (spec.type === 'LoadBalancer') {
    if (isSet(cls)) errs.push(...validateQualifiedName(asString(cls), 'spec.loadBalancerClass'));
  } else if (isSet(cls)) errs.push(field.forbidden('spec.loadBalancerClass', "may only be used when `type` is 'LoadBalancer'"));
  return errs;
}

/** ValidateService (the spec part after ObjectMeta). */
function validateServiceSpec(svc: KObject): FieldError[] {
  const errs: FieldError[] = [];
  const spec = asObj(svc.spec);
  const annotations = asObj(svc.metadata.annotations);
  const ports = asArray(spec.ports).map(asObj);
  const headless = isHeadless(spec);
  const hints = annotations[TOPOLOGY_HINTS_ANNOTATION];
  const mode = annotations[TOPOLOGY_MODE_ANNOTATION];
  if (hints !== undefined && mode !== undefined && hints !== mode) {
    errs.push(
      field.invalid(
        `metadata.annotations[${TOPOLOGY_MODE_ANNOTATION}]`,
        mode,
        `must match annotations[${TOPOLOGY_HINTS_ANNOTATION}] when both are specified`,
      ),
    );
  }
  if (ports.length === 0 && !headless && spec.type !== 'ExternalName') errs.push(field.required('spec.ports'));
  if (spec.type === 'LoadBalancer' && headless)
    errs.push(field.invalid('spec.clusterIPs[0]', 'None', "may not be set to 'None' for LoadBalancer services"));
  if (spec.type === 'NodePort' && headless)
    errs.push(field.invalid('spec.clusterIPs[0]', 'None', "may not be set to 'None' for NodePort services"));
  if (spec.type === 'ExternalName') {
    if (asArray(spec.clusterIPs).length > 0)
      errs.push(field.forbidden('spec.clusterIPs', 'may not be set for ExternalName services'));
    if (asArray(spec.ipFamilies).length > 0)
      errs.push(field.forbidden('spec.ipFamilies', 'may not be set for ExternalName services'));
    if (isSet(spec.ipFamilyPolicy)) errs.push(field.forbidden('spec.ipFamilyPolicy', 'may not be set for ExternalName services'));
    const cname = asString(spec.externalName).replace(/\.$/, '');
    if (cname.length > 0) errs.push(...validateDNS1123Subdomain(cname, 'spec.externalName'));
    else errs.push(field.required('spec.externalName'));
  }
  const names = new Set<string>();
  ports.forEach((p, i) => errs.push(...validateServicePort(p, ports.length > 1, names, index('spec.ports', i))));
  if (isSet(spec.selector)) errs.push(...validateLabels(spec.selector, 'spec.selector'));
  const affinity = asString(spec.sessionAffinity);
  if (affinity === '') errs.push(field.required('spec.sessionAffinity'));
  else if (!SUPPORTED_SESSION_AFFINITY.includes(affinity))
    errs.push(field.notSupported('spec.sessionAffinity', affinity, SUPPORTED_SESSION_AFFINITY));
  if (affinity === 'ClientIP')
    errs.push(...validateClientIPAffinityConfig(spec.sessionAffinityConfig, 'spec.sessionAffinityConfig'));
  else if (affinity === 'None' && isSet(spec.sessionAffinityConfig))
    errs.push(field.forbidden('spec.sessionAffinityConfig', 'must not be set when session affinity is None'));
  errs.push(...validateClusterIPsRelatedFields(spec));
  strings(spec.externalIPs).forEach((ip, i) => {
    const path = index('spec.externalIPs', i);
    const ipErrs = validateIP(path, ip);
    errs.push(...(ipErrs.length ? ipErrs : validateNonSpecialIP(ip, path)));
  });
  const type = asString(spec.type);
  if (type === '') errs.push(field.required('spec.type'));
  else if (!SUPPORTED_TYPES.includes(type)) errs.push(field.notSupported('spec.type', type, SUPPORTED_TYPES));
  if (type === 'ClusterIP') {
    ports.forEach((p, i) => {
      if (asInt(p.nodePort) !== 0)
        errs.push(field.forbidden(child(index('spec.ports', i), 'nodePort'), "may not be used when `type` is 'ClusterIP'"));
    });
  }
  const nodePorts = new Set<string>();
  ports.forEach((p, i) => {
    if (asInt(p.nodePort) === 0) return;
    const k = `${asString(p.protocol)}/${asInt(p.nodePort)}`;
    if (nodePorts.has(k)) errs.push(field.duplicate(child(index('spec.ports', i), 'nodePort'), asInt(p.nodePort)));
    nodePorts.add(k);
  });
  const portKeys = new Set<string>();
  ports.forEach((p, i) => {
    const k = `${asString(p.protocol)}/${asInt(p.port)}`;
    if (portKeys.has(k)) {
      const e = field.duplicate(index('spec.ports', i), undefined);
      errs.push({ ...e, hasValue: false, detail: servicePortKey(asString(p.protocol), asInt(p.port)) });
    }
    portKeys.add(k);
  });
  const ranges = strings(spec.loadBalancerSourceRanges);
  if (ranges.length > 0) {
    const path = 'spec.LoadBalancerSourceRanges';
    if (type !== 'LoadBalancer') errs.push(field.forbidden(path, "may only be used when `type` is 'LoadBalancer'"));
    ranges.forEach((r, i) => errs.push(...validateCIDR(index(path, i), r.trim())));
  } else if (annotations[LB_SOURCE_RANGES_ANNOTATION] !== undefined) {
    const path = `metadata.annotations[${LB_SOURCE_RANGES_ANNOTATION}]`;
    if (type !== 'LoadBalancer') errs.push(field.forbidden(path, "may only be used when `type` is 'LoadBalancer'"));
    const val = asString(annotations[LB_SOURCE_RANGES_ANNOTATION]).trim();
    if (val !== '') for (const r of val.split(',')) errs.push(...validateCIDR(path, r.trim()));
  }
  if (isSet(spec.allocateLoadBalancerNodePorts) && type !== 'LoadBalancer')
    errs.push(field.forbidden('spec.allocateLoadBalancerNodePorts', "may only be used when `type` is 'LoadBalancer'"));
  if (type === 'LoadBalancer' && !isSet(spec.allocateLoadBalancerNodePorts))
    errs.push(field.required('allocateLoadBalancerNodePorts'));
  errs.push(...validateLoadBalancerClass(spec, undefined));
  errs.push(...validateExternalTrafficPolicy(spec));
  const itp = spec.internalTrafficPolicy;
  if (!isSet(itp) && ['NodePort', 'LoadBalancer', 'ClusterIP'].includes(type))
    errs.push(field.required('spec.internalTrafficPolicy'));
  if (isSet(itp) && !SUPPORTED_ITP.includes(asString(itp)))
    errs.push(field.notSupported('spec.internalTrafficPolicy', asString(itp), SUPPORTED_ITP));
  if (isSet(spec.trafficDistribution) && spec.trafficDistribution !== 'PreferClose') {
    errs.push(field.notSupported('spec.trafficDistribution', asString(spec.trafficDistribution), ['PreferClose']));
  }
  return errs;
}

/** ValidateService (= ValidateServiceCreate). */
export function validateService(svc: KObject): FieldError[] {
  return [
    ...validateObjectMeta(svc.metadata, { namespaced: true, validateName: nameIsDNS1035Label }),
    ...validateServiceSpec(svc),
  ];
}

/** validateUpgradeDowngradeClusterIPs (single-stack subset: the primary IP may not change). */
function validateClusterIPsUpdate(spec: Obj, old: Obj): FieldError[] {
  if (spec.type === 'ExternalName' || old.type === 'ExternalName') return [];
  if (isHeadless(spec) && isHeadless(old)) return [];
  const ips = strings(spec.clusterIPs);
  const oldIPs = strings(old.clusterIPs);
  const errs: FieldError[] = [];
  if (ips.length === oldIPs.length) {
    oldIPs.forEach((ip, i) => {
      if (ip !== ips[i]) errs.push(invalidGo(index('spec.clusterIPs', i), goStrings(ips), 'may not change once set'));
    });
  } else if (oldIPs.length > ips.length) {
    if (ips.length === 0) errs.push(invalidGo('spec.clusterIPs[0]', goStrings(ips), 'primary clusterIP can not be unset'));
    if (oldIPs.length > 0 && ips.length > 0 && ips[0] !== oldIPs[0])
      errs.push(invalidGo('spec.clusterIPs[0]', goStrings(ips), 'may not change once set'));
  } else if (oldIPs.length > 0 && ips[0] !== oldIPs[0]) {
    errs.push(invalidGo('spec.clusterIPs[0]', goStrings(ips), 'may not change once set'));
  }
  return errs;
}

/** validateUpgradeDowngradeIPFamilies (the primary family may not change). */
function validateIPFamiliesUpdate(spec: Obj, old: Obj): FieldError[] {
  if (spec.type === 'ExternalName' || old.type === 'ExternalName') return [];
  if (isHeadless(spec) !== isHeadless(old) || isHeadless(spec)) return [];
  const fams = strings(spec.ipFamilies);
  const oldFams = strings(old.ipFamilies);
  if (fams.length === oldFams.length && oldFams.some((f, i) => f !== fams[i])) {
    return [
      invalidGo(
        'spec.ipFamilies[0]',
        `[]core.IPFamily{${fams.map((f) => JSON.stringify(f)).join(', ')}}`,
        'may not change once set',
      ),
    ];
  }
  return [];
}

/** ValidateServiceUpdate. */
export function validateServiceUpdate(svc: KObject, old: KObject): FieldError[] {
  const spec = asObj(svc.spec);
  const oldSpec = asObj(old.spec);
  const errs = [
    ...validateCommonUpdateFields(svc.metadata, old.metadata, true),
    ...validateObjectMetaUpdate(svc.metadata, old.metadata, 'metadata'),
  ];
  errs.push(...validateClusterIPsUpdate(spec, oldSpec));
  errs.push(...validateIPFamiliesUpdate(spec, oldSpec));
  errs.push(...validateLoadBalancerClass(spec, oldSpec).filter((e) => e.detail === 'may not change once set'));
  const needsHC = (s: Obj) => s.type === 'LoadBalancer' && s.externalTrafficPolicy === 'Local';
  if (needsHC(oldSpec) && needsHC(spec) && asInt(spec.healthCheckNodePort) !== asInt(oldSpec.healthCheckNodePort)) {
    errs.push(field.forbidden('spec.healthCheckNodePort', 'field is immutable'));
  }
  errs.push(...validateService(svc));
  return errs;
}

/** ValidateServiceStatusUpdate: metadata, and the load-balancer ingress IPs. */
export function validateServiceStatusUpdate(svc: KObject, old: KObject): FieldError[] {
  const errs = [
    ...validateCommonUpdateFields(svc.metadata, old.metadata, true),
    ...validateObjectMetaUpdate(svc.metadata, old.metadata, 'metadata'),
  ];
  asArray(asObj(asObj(svc.status).loadBalancer).ingress).forEach((ing, i) => {
    const ip = asString(asObj(ing).ip);
    const path = child(index('status.loadBalancer.ingress', i), 'ip');
    if (ip !== '' && !isIPSloppy(ip)) errs.push(...validateIP(path, ip));
  });
  return errs;
}
