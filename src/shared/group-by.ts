// Map.groupBy arrived in Node 21; while Node 20 is supported this is the one grouping helper.
// Drop it for Map.groupBy when Node 20 goes.

/** Items by key, each group in the items' order; keys in the order first seen. */
export function groupBy<T, K>(items: Iterable<T>, key: (item: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const item of items) {
    const k = key(item);
    const group = groups.get(k);
    if (group) group.push(item);
    else groups.set(k, [item]);
  }
  return groups;
}
