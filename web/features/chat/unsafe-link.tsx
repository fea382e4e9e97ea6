import type { MouseEvent } from 'react'

const THREATS: Record<string, string> = {
  MALWARE: 'malware',
  SOCIAL_ENGINEERING: 'phishing or deception',
  UNWANTED_SOFTWARE: 'unwanted software',
  POTENTIALLY_HARMFUL_APPLICATION: 'a harmful app',
}
const describe = (threat: string) => THREATS[threat] ?? 'a threat'

/** A link the lookup flagged: marked "unsafe" and opened only after the reader confirms. */
export default function UnsafeLink({
  href,
  text,
  threat,
}: {
  href: string
  text: string
  threat: string
}) {
  const warning = `Warning: this link was flagged as ${describe(threat)} by Safe Browsing.`
  const open = (e: MouseEvent) => {
    e.preventDefault()
    if (window.confirm(`${warning}\n\n${href}\n\nOpen it anyway?`))
      window.open(href, '_blank', 'noopener,noreferrer')
  }
  return (
    <>
      <a
        className="msg-link unsafe"
        href={href}
        target="_blank"
        rel="noopener noreferrer nofollow"
        title={warning}
        onClick={open}
      >
        {text}
      </a>
      <span className="unsafe-mark" title={warning}>
        unsafe
      </span>
    </>
  )
}
