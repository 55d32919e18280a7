// The inbox's likely duplicates, grouped: cards that name one another (directly or through another card of the
// page) belong together, so a leader sees a cluster at once and joins it to one published record.
import type { InboxItem } from './review-inbox.ts';

export interface DuplicateCluster<T> {
  /** The page's items of the cluster, in page order. */
  items: T[];
  /** Records outside the page that any of them names (published ones a cluster can be joined to), in first-seen order. */
  outside: InboxItem['duplicates'][number]['record'][];
}

type Clusterable = Pick<InboxItem, 'duplicates'> & { record: { id: string } };

/**
 * Groups a page's items by their likely duplicates, transitively within the page, in the page's order (a cluster
 * stands where its first item stood); an item with no duplicate on the page is a cluster of one.
 */
export function duplicateClusters<T extends Clusterable>(items: readonly T[]): DuplicateCluster<T>[] {
  const index = new Map(items.map((item, i) => [item.record.id, i]));
  const parent = items.map((_, i) => i);
  const root = (i: number): number => {
    let r = i;
    while (parent[r] !== r) r = parent[r] as number;
    // Path compression: the next look-up of i is one step.
    parent[i] = r;
    return r;
  };
  items.forEach((item, i) => {
    for (const duplicate of item.duplicates) {
      const j = index.get(duplicate.record.id);
      if (j === undefined) continue;
      const [a, b] = [root(i), root(j)];
      // The smaller index stays the root, so a cluster keeps its first item's place.
      if (a !== b) parent[Math.max(a, b)] = Math.min(a, b);
    }
  });
  const clusters = new Map<number, DuplicateCluster<T>>();
  items.forEach((item, i) => {
    const r = root(i);
    let cluster = clusters.get(r);
    if (!cluster) {
      cluster = { items: [], outside: [] };
      clusters.set(r, cluster);
    }
    cluster.items.push(item);
  });
  for (const cluster of clusters.values()) {
    const seen = new Set<string>();
    for (const item of cluster.items) {
      for (const duplicate of item.duplicates) {
        const id = duplicate.record.id;
        if (index.has(id) || seen.has(id)) continue;
        seen.add(id);
        cluster.outside.push(duplicate.record);
      }
    }
  }
  return [...clusters.values()];
}
