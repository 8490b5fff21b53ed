/**
 * A metric's children by one label value, each made once (`metric.labels(value)` hashes its labels
 * at every call): on a hot path a count is then a Map lookup and an increment. Only for label values
 * from a bounded set (topic kinds, refusal codes), so the map stays small.
 */
export function childrenBy<Child>(make: (value: string) => Child): (value: string) => Child {
  const children = new Map<string, Child>();
  return (value) => {
    let child = children.get(value);
    if (child === undefined) {
      child = make(value);
      children.set(value, child);
    }
    return child;
  };
}
