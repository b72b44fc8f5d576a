/** Newest first by a start time; items without one go last, in the order given (a stable sort). */
export function newestFirst<T>(items: readonly T[], startOf: (item: T) => number | undefined): T[] {
  return items
    .map((item, index) => ({ item, index, at: startOf(item) ?? -Infinity }))
    .sort((a, b) => (a.at === b.at ? a.index - b.index : b.at - a.at))
    .map(({ item }) => item);
}
