import { useSnapshot } from 'valtio'
import { APP_VERSION, releaseTagUrl } from '../../../shared/constants'
import { globalState } from '../../state/global-state'

/** Version badge in the sidebar footer; for admins a link to the release tag when REPOSITORY_URL is set. */
export function VersionBadge() {
  const { flags } = useSnapshot(globalState)
  if (flags.isAdmin && flags.repositoryUrl)
    return (
      <a
        className="version-badge"
        title="Release notes"
        href={releaseTagUrl(flags.repositoryUrl)}
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
