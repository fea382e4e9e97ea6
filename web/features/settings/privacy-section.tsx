import { PresenceSharing } from './presence-sharing'
import { ReceiptsSetting } from './receipts-setting'

/** What the partner may see of this user: presence and typing, and read receipts. */
export function PrivacySection() {
  return (
    <section className="settings-section" aria-labelledby="privacy-title">
      <h2 id="privacy-title">Privacy</h2>
      <PresenceSharing />
      <ReceiptsSetting />
    </section>
  )
}
