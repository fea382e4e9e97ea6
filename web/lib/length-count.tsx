import { MESSAGE_MAX_LENGTH } from '../../../shared/constants'

const format = (n: number) => n.toLocaleString('en-US')

/**
 * Near the limit, how long the message is of the most it may be: a paste past it is cut by the
 * box (its maxLength), and this says so rather than leaving the cut unseen.
 */
export function LengthCount({ length }: { length: number }) {
  if (length < MESSAGE_MAX_LENGTH * 0.9) return null
  const full = length >= MESSAGE_MAX_LENGTH
  return (
    <span className={`length-count${full ? ' full' : ''}`} role="status">
      {format(length)} / {format(MESSAGE_MAX_LENGTH)}
      {full && ' characters, the most a message can hold'}
    </span>
  )
}
