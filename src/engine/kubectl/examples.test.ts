import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';
import {
  checkIndex,
  collectExampleFiles,
  generatedFile,
  readExampleIndex,
  renderExamplesModule,
} from '../../../scripts/generate-examples';
import { bundledExampleIndex, bundledExamples } from './examples.generated';
import { exampleLocation, isRemoteLocation, listBundledExamples, readBundledExample } from './examples';

const paths = Object.keys(bundledExamples);

function documentsOf(path: string): Record<string, any>[] {
  const docs = parseAllDocuments(bundledExamples[path]);
  const list = Array.isArray(docs) ? docs : [docs];
  for (const doc of list) expect(doc.errors, `${path}: ${doc.errors.map((e) => e.message).join('; ')}`).toEqual([]);
  return list.map((doc) => doc.toJSON() as Record<string, any> | null).filter((v): v is Record<string, any> => v != null);
}

describe('bundled example manifests', () => {
  it('bundles the manifests the seed documents use', () => {
    for (const path of [
      'controllers/nginx-deployment.yaml',
      'controllers/frontend.yaml',
      'pods/pod-rs.yaml',
      'controllers/hpa-rs.yaml',
      'controllers/replication.yaml',
      'controllers/statefulset.yaml',
      'controllers/daemonset.yaml',
      'controllers/replicaset.yaml',
      'controllers/job.yaml',
      'application/job/cronjob.yaml',
      'application/web/web.yaml',
      'myapp.yaml',
      'services.yaml',
    ]) {
      expect(paths, path).toContain(path);
    }
  });

  it.each(paths)('%s parses and every object has apiVersion, kind and metadata.name', (path) => {
    const objects = documentsOf(path);
    expect(objects.length).toBeGreaterThan(0);
    for (const obj of objects) {
      expect(typeof obj.apiVersion, `${path} apiVersion`).toBe('string');
      expect(typeof obj.kind, `${path} kind`).toBe('string');
      expect(typeof obj.metadata?.name, `${path} metadata.name`).toBe('string');
      expect(obj.metadata.name).not.toBe('');
    }
  });

  it('index kinds match the kinds in each file', () => {
    for (const entry of bundledExampleIndex) {
      const kinds = [...new Set(documentsOf(entry.path).map((obj) => obj.kind as string))];
      expect(kinds, entry.path).toEqual(entry.kinds);
    }
  });

  it('keeps the manifests exactly as the docs show them', () => {
    const deployment = documentsOf('controllers/nginx-deployment.yaml')[0];
    expect(deployment.metadata.name).toBe('nginx-deployment');
    expect(deployment.spec.replicas).toBe(3);
    expect(deployment.spec.template.spec.containers[0].image).toBe('nginx:1.7.9');
    const [service, sts] = documentsOf('controllers/statefulset.yaml');
    expect(service.spec.clusterIP).toBe('None');
    expect(sts.spec.serviceName).toBe('nginx');
    expect(sts.spec.volumeClaimTemplates[0].spec.storageClassName).toBe('my-storage-class');
    expect(documentsOf('pods/pod-rs.yaml').map((p) => p.metadata.name)).toEqual(['pod1', 'pod2']);
    expect(documentsOf('services.yaml').map((s) => s.metadata.name)).toEqual(['myservice', 'mydb']);
    expect(documentsOf('myapp.yaml')[0].spec.initContainers.map((c: { name: string }) => c.name)).toEqual([
      'init-myservice',
      'init-mydb',
    ]);
    const daemonset = documentsOf('controllers/daemonset.yaml')[0];
    expect(daemonset.metadata.namespace).toBe('kube-system');
    expect(documentsOf('controllers/job.yaml')[0].spec.backoffLimit).toBe(4);
  });
});

describe('public/examples, index.json and examples.generated.ts are in sync', () => {
  const files = collectExampleFiles();
  const index = readExampleIndex();

  it('index.json lists every file once and nothing else', () => {
    expect(checkIndex(files, index)).toEqual([]);
  });

  it('the generated module matches a fresh run of scripts/generate-examples.ts', () => {
    const fresh = renderExamplesModule(files, index);
    const committed = readFileSync(generatedFile, 'utf8');
    expect(committed, 'run `npx tsx scripts/generate-examples.ts`').toBe(fresh);
    expect(bundledExamples).toEqual(files);
    expect(listBundledExamples()).toEqual(index);
  });
});

describe('readBundledExample', () => {
  const frontend = bundledExamples['controllers/frontend.yaml'];

  it.each([
    'https://k8s.io/examples/controllers/frontend.yaml',
    'http://k8s.io/examples/controllers/frontend.yaml',
    'https://kubernetes.io/examples/controllers/frontend.yaml',
    'http://kubernetes.io/examples/controllers/frontend.yaml',
    'https://raw.githubusercontent.com/kubernetes/website/main/content/en/examples/controllers/frontend.yaml',
    'controllers/frontend.yaml',
    './controllers/frontend.yaml',
    'frontend.yaml',
  ])('resolves %s', (location) => {
    expect(readBundledExample(location)).toBe(frontend);
  });

  it('resolves every upstream example by its k8s.io URL and every example by its path', () => {
    for (const entry of bundledExampleIndex) {
      const text = bundledExamples[entry.path];
      expect(readBundledExample(entry.path)).toBe(text);
      expect(readBundledExample(exampleLocation(entry))).toBe(text);
      expect(readBundledExample(`https://k8s.io/examples/${entry.path}`)).toBe(entry.upstream ? text : undefined);
    }
  });

  it('resolves the file names the docs save manifests under', () => {
    expect(readBundledExample('myapp.yaml')).toBe(bundledExamples['myapp.yaml']);
    expect(readBundledExample('services.yaml')).toBe(bundledExamples['services.yaml']);
    expect(readBundledExample('./job.yaml')).toBe(bundledExamples['controllers/job.yaml']);
    expect(readBundledExample('ec.json')).toBe(bundledExamples['ec.json']);
  });

  it('returns undefined for anything else', () => {
    expect(readBundledExample('https://k8s.io/examples/controllers/nope.yaml')).toBeUndefined();
    expect(readBundledExample('https://example.com/examples/controllers/frontend.yaml')).toBeUndefined();
    expect(readBundledExample('https://k8s.io/controllers/frontend.yaml')).toBeUndefined();
    expect(readBundledExample('https://k8s.io/examples/myapp.yaml')).toBeUndefined();
    expect(readBundledExample('/controllers/frontend.yaml')).toBeUndefined();
    expect(readBundledExample('other/frontend.yaml')).toBeUndefined();
    expect(readBundledExample('nope.yaml')).toBeUndefined();
    expect(readBundledExample('constructor')).toBeUndefined();
    expect(readBundledExample('')).toBeUndefined();
  });
});

describe('isRemoteLocation', () => {
  it('is true for http and https URLs only', () => {
    expect(isRemoteLocation('https://k8s.io/examples/controllers/frontend.yaml')).toBe(true);
    expect(isRemoteLocation('http://k8s.io/examples/controllers/frontend.yaml')).toBe(true);
    expect(isRemoteLocation('HTTPS://K8S.IO/examples/x.yaml')).toBe(true);
    expect(isRemoteLocation('controllers/frontend.yaml')).toBe(false);
    expect(isRemoteLocation('./job.yaml')).toBe(false);
    expect(isRemoteLocation('-')).toBe(false);
    expect(isRemoteLocation('ftp://k8s.io/x.yaml')).toBe(false);
  });
});
