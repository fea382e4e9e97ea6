import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { toNotice } from '../../lib/errors'
import { notify } from '../../lib/notify'
import { LoadFailed } from '../settings/load-failed'
import { ToggleRow } from '../settings/toggle-row'
import {
  DEFAULT_MEDIA_PREFS,
  MEDIA_PREFS_KEY,
  mediaPrefsQuery,
  saveMediaPrefs,
  type MediaPrefs,
} from './media-prefs'

/** Settings → Media: blur and loop, saved to the account at once (every tab and device). */
export function MediaSettings() {
  const queryClient = useQueryClient()
  const query = useQuery(mediaPrefsQuery())
  // The box follows the click at once, before the save (and the cache update) comes back.
  const [picked, setPicked] = useState<Partial<MediaPrefs>>({})
  const prefs = { ...(query.data ?? DEFAULT_MEDIA_PREFS), ...picked }
  const choose = (change: Partial<MediaPrefs>) => {
    setPicked((p) => ({ ...p, ...change }))
    save.mutate(change)
  }
  const save = useMutation({
    mutationFn: (change: Partial<MediaPrefs>) => saveMediaPrefs(queryClient, change),
    // Shown (and applied in this tab) at once; put back if the save fails.
    onMutate: async (change) => {
      // A read still under way would overwrite the choice with the old value.
      await queryClient.cancelQueries({ queryKey: MEDIA_PREFS_KEY })
      const before = queryClient.getQueryData<MediaPrefs>(MEDIA_PREFS_KEY)
      if (before) queryClient.setQueryData(MEDIA_PREFS_KEY, { ...before, ...change })
      return before
    },
    onSettled: () => setPicked({}),
    onError: (err, _change, before) => {
      if (before) queryClient.setQueryData(MEDIA_PREFS_KEY, before)
      notify(toNotice('save media settings', err))
    },
  })
  return (
    <section className="settings-section" aria-labelledby="media-title">
      <h2 id="media-title">Media</h2>
      <ToggleRow
        className="check-option"
        label="Blur media until I click"
        checked={prefs.blurMedia === 1}
        disabled={!query.isSuccess}
        onChange={(on) => choose({ blurMedia: on ? 1 : 0 })}
      />
      <ToggleRow
        className="check-option"
        label="Loop videos"
        checked={prefs.loopVideos}
        disabled={!query.isSuccess}
        onChange={(on) => choose({ loopVideos: on })}
      />
      {query.isError ? (
        <LoadFailed what="Your media settings" retry={() => query.refetch()} />
      ) : (
        <p className="section-note">Kept with your account, on every device.</p>
      )}
    </section>
  )
}
