/**
 * The value `map` keeps for `key`, computed and kept on the first ask (undefined included): the
 * memo of per-statement assessments, per-target knowledge, parsed releases and the like.
 */
export function remembered<K, V>(map: { has(key: K): boolean; get(key: K): V | undefined; set(key: K, value: V): unknown }, key: K, compute: () => V): V {
  if (map.has(key)) return map.get(key) as V;
  const value = compute();
  map.set(key, value);
  return value;
}
