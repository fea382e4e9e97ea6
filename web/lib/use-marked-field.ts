import { useRef, useState } from 'react'

/**
 * The field a form's problem is about (a check's or the server's refusal): marked
 * `aria-invalid` and given the cursor, until it is changed. `formRef` goes on the form, whose
 * fields are found by name.
 */
export function useMarkedField<K extends string>() {
  const [marked, setMarked] = useState<K | null>(null)
  const formRef = useRef<HTMLFormElement>(null)
  return {
    formRef,
    mark(at: K | null) {
      setMarked(at)
      if (at) (formRef.current?.elements.namedItem(at) as HTMLElement | null)?.focus()
    },
    invalid: (name: K) => marked === name || undefined,
    /** Call as field `name` changes; true when it was the marked one (now no longer). */
    changed(name: K) {
      if (marked !== name) return false
      setMarked(null)
      return true
    },
  }
}
