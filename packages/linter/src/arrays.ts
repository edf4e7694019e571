/**
 * Appends `items` to `target` in place. `target.push(...items)` passes every item as an argument
 * and throws "Maximum call stack size exceeded" from about 100,000 items (a rule's findings on a
 * 300,000-line option file), so every list that grows with the input is appended with this.
 */
export function append<T>(target: T[], items: readonly T[]): T[] {
  for (let i = 0; i < items.length; i++) target.push(items[i] as T);
  return target;
}
