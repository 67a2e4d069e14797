/**
 * Distinct values by their JSON, numbered in first-seen order: how host configurations rendered
 * from the rule groups name each distinct key rule, format set or value class once (Apache's
 * environment variables, nginx's maps).
 */
export class Numbered<T> {
  private readonly ids = new Map<string, number>();
  readonly items: T[] = [];
  id(item: T): number {
    const key = JSON.stringify(item);
    let n = this.ids.get(key);
    if (n === undefined) {
      n = this.items.length;
      this.ids.set(key, n);
      this.items.push(item);
    }
    return n;
  }
}
