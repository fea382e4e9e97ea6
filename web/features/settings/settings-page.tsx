import { NotificationsSection } from './notifications-section'
import { PasswordForm } from './password-form'
import { PrivacySection } from './privacy-section'
import { ProfileForm } from './profile-form'
import { SessionsList } from './sessions-list'
import { ExportSection } from './export-section'
import { ThemePicker } from './theme-picker'
import { MediaSettings } from '../media/media-settings'
import { PageHeading } from '../../lib/page-heading'
import './settings.css'

/** /settings: the account (name, password, devices), this device's appearance, and its data. */
export function SettingsPage() {
  return (
    <div className="settings-page">
      <header className="settings-head">
        <PageHeading id="page-title">Settings</PageHeading>
        <p className="section-note">
          Your account, where you are signed in, and how Kathelia looks.
        </p>
      </header>
      <ProfileForm />
      <PasswordForm />
      <SessionsList />
      <PrivacySection />
      <ThemePicker />
      <NotificationsSection />
      <MediaSettings />
      <ExportSection />
    </div>
  )
}
