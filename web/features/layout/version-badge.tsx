import { useSnapshot } from 'valtio'
import { APP_VERSION, REPOSITORY_TAG_URL } from '../../../shared/constants'
import { globalState } from '../../state/global-state'

/** Version badge in the sidebar footer; for admins a link to the release tag. */
export function VersionBadge() {
  const { flags } = useSnapshot(globalState)
  if (flags.isAdmin)
    return (
      <a
        className="version-badge"
        title="Release notes"
        href={REPOSITORY_TAG_URL}
        target="_blank"
        rel="noreferrer"
      >
        {APP_VERSION}
      </a>
    )
  return (
    <span className="version-badge" title="Version">
      {APP_VERSION}
    </span>
  )
}
