/**
 * Thumbnail-size face pixels kept between pages and builds (page-thumbs.ts), within a byte
 * budget: least recently used first out, but faces no page left to draw needs before those it
 * does. Unbounded, a 2000-card deck's faces held 53 MB through the whole build (issue 28).
 */
export class FaceCache<T> {
  private readonly entries = new Map<string, { value: T; bytes: number }>();
  private total = 0;

  constructor(readonly budget: number) {}

  /** Bytes held now. */
  get bytes(): number {
    return this.total;
  }

  keys(): string[] {
    return [...this.entries.keys()];
  }

  /** The entry for `key`, now the most recently used. */
  get(key: string): T | undefined {
    const e = this.entries.get(key);
    if (e === undefined) return undefined;
    this.entries.delete(key);
    this.entries.set(key, e);
    return e.value;
  }

  set(key: string, value: T, bytes: number): void {
    this.delete(key);
    this.entries.set(key, { value, bytes });
    this.total += bytes;
  }

  delete(key: string): void {
    const e = this.entries.get(key);
    if (e === undefined) return;
    this.entries.delete(key);
    this.total -= e.bytes;
  }

  /** Drops entries until within the budget: those `needed` says no, oldest first, then the oldest. */
  trim(needed: (key: string) => boolean = () => false): void {
    if (this.total <= this.budget) return;
    for (const key of [...this.entries.keys()]) {
      if (this.total <= this.budget) return;
      if (!needed(key)) this.delete(key);
    }
    for (const key of [...this.entries.keys()]) {
      if (this.total <= this.budget) return;
      this.delete(key);
    }
  }
}
