import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { ReceiptSetting } from '../../../shared/schemas'
import { apiPost } from '../../lib/api'
import { errorMessage } from '../../lib/errors'
import { notify } from '../../lib/notify'
import { LoadFailed } from './load-failed'
import { offlineWait } from '../../../shared/texts'
import { ToggleRow } from './toggle-row'

const settingKey = ['receipt-setting'] as const
const ask = (enabled?: boolean) =>
  apiPost<ReceiptSetting>(
    '/receipt/setting',
    enabled === undefined ? {} : { enabled },
    'ReceiptSetting',
  )

/** "Send read receipts", kept in the account prefs; the server applies it both ways. */
export function ReceiptsSetting() {
  const queryClient = useQueryClient()
  const setting = useQuery({ queryKey: settingKey, queryFn: () => ask() })
  const save = useMutation({
    mutationFn: (enabled: boolean) => ask(enabled),
    onSuccess: (data) => queryClient.setQueryData(settingKey, data),
    onError: (err) =>
      notify({ type: 'error', title: 'Read receipts not changed', body: errorMessage(err) }),
  })
  const enabled = save.isPending ? save.variables : setting.data?.enabled
  return (
    <>
      <ToggleRow
        label="Send read receipts"
        checked={enabled ?? true}
        disabled={!setting.isSuccess || save.isPending}
        noteId="receipts-note"
        onChange={(on) => save.mutate(on)}
      />
      {setting.isError && (
        <LoadFailed what="Your read receipts setting" retry={() => setting.refetch()} />
      )}
      {setting.fetchStatus === 'paused' && setting.isPending && (
        <p className="section-note" role="status">
          {offlineWait('Your read receipts setting')}
        </p>
      )}
      <p id="receipts-note" className="section-note">
        Your partner sees &ldquo;Seen&rdquo; under their message once you have read it. When you
        turn this off, you do not see when they have read yours either.
      </p>
    </>
  )
}
