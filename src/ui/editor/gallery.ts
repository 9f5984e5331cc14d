// gallery: the bundled documentation examples (public/examples/index.json, served as static
// files next to the page), fetched at runtime relative to the app's base URL.

import k8sSchema from '../../k8s/k8s-schemas.generated.json';

export interface GalleryEntry {
  path: string;
  title: string;
  kinds: string[];
  seed: string;
  note?: string;
}

/** Kinds the simulated API serves (the schema's kind enum), for marking examples it cannot run. */
export const SERVED_KINDS: ReadonlySet<string> = new Set(k8sSchema.properties.kind.enum);

/** Kinds of an entry that the simulation does not serve. */
export function unservedKinds(entry: Pick<GalleryEntry, 'kinds'>): string[] {
  return entry.kinds.filter((k) => !SERVED_KINDS.has(k));
}

function examplesUrl(path: string): string {
  const base = import.meta.env.BASE_URL || '/';
  return `${base.endsWith('/') ? base : `${base}/`}examples/${path}`;
}

let index: Promise<GalleryEntry[]> | null = null;

/** The gallery list (fetched once per page). */
export function loadGallery(): Promise<GalleryEntry[]> {
  index ??= fetch(examplesUrl('index.json')).then((response) => {
    if (!response.ok) throw new Error(`examples/index.json: HTTP ${response.status}`);
    return response.json() as Promise<GalleryEntry[]>;
  });
  index.catch(() => {
    index = null; // let a later mount try again
  });
  return index;
}

/** The manifest text of one example. */
export async function loadExample(path: string): Promise<string> {
  const response = await fetch(examplesUrl(path));
  if (!response.ok) throw new Error(`examples/${path}: HTTP ${response.status}`);
  return response.text();
}
