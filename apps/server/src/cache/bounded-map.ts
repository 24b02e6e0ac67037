// A Map that forgets its oldest entries beyond `max` (insertion order; set() moves an entry to the end).
export function boundedMap<K, V>(max: number) {
  const entries = new Map<K, V>();
  return {
    get: (key: K) => entries.get(key),
    set(key: K, value: V) {
      if (max <= 0) return;
      entries.delete(key);
      while (entries.size >= max) {
        const oldest = entries.keys().next();
        if (oldest.done) break;
        entries.delete(oldest.value);
      }
      entries.set(key, value);
    },
    delete: (key: K) => entries.delete(key),
    get size() {
      return entries.size;
    },
  };
}
