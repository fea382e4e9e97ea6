import { MESSAGE_MAX_LENGTH } from '../../shared/constants'

const format = (n: number) => n.toLocaleString('en-US')

type Props = {
  length: number
  /** The field's maxLength, and what it holds ("a room name"), for the full count's words. */
  max?: number
  holds?: string
  className?: string
}

/**
 * Near the limit, how long the text is of the most it may be: typing or a paste past it is cut
 * by the box (its maxLength), and this says so rather than leaving the cut unseen.
 */
export function LengthCount({
  length,
  max = MESSAGE_MAX_LENGTH,
  holds = 'a message',
  className = 'length-count',
}: Props) {
  if (length < max * 0.9) return null
  const full = length >= max
  return (
    <span className={`${className}${full ? ' full' : ''}`} role="status">
      {format(length)} / {format(max)}
      {full && ` characters, the most ${holds} can hold`}
    </span>
  )
}
