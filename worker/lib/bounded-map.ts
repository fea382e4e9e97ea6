/**
 * A Map that forgets its oldest entry past `limit`: a per-isolate memo of inputs that repeat (a
 * client sends the same JWT with every call for its 15 minutes), kept small whatever arrives.
 */
export class BoundedMap<K, V> extends Map<K, V> {
  constructor(private readonly limit: number) {
    super()
  }

  override set(key: K, value: V): this {
    if (!this.has(key) && this.size >= this.limit) this.delete(this.keys().next().value as K)
    return super.set(key, value)
  }
}
