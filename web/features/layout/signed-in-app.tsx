import { QueryClientProvider } from '@tanstack/react-query'
import { Suspense, type ReactNode } from 'react'
import { clickPart } from '../../lib/click-part'
import { useSnapshot } from 'valtio'
import { queryClient } from '../../lib/query-client'
import { globalState } from '../../state/global-state'
import { useSessionWatch } from '../auth/use-session-watch'
import { useOutboxSync } from '../chat/use-outbox-sync'
import { useUnreadTitle } from '../chat/use-unread-title'
import { useRealtimeSync } from '../realtime/use-realtime-sync'
import { closeCreateRoom, createRoomState } from '../rooms/create-room-state'
import { Sidebar } from './sidebar'
import { MAIN_ID, SkipLink } from './skip-link'
import { TopBar } from './top-bar'
import { LARGE_SCREEN, useMediaQuery } from '../../lib/use-media-query'
import { useSettledPart } from '../../lib/when-settled'
// Cascade order: later files may refine earlier ones.
import './shell.css'
import './sidebar.css'
import './sidebar-lists.css'
import './top-bar.css'
import '../presence/partner-details.css'
import './profile-menu.css'
import './side-panel.css'
import { OfflineNotice } from '../pwa/offline-notice'

const CreateRoomPanel = clickPart(() => import('../rooms/create-room-panel'), closeCreateRoom)
const loadPresenceReports = () => import('../presence/presence-reports')

/**
 * The signed-in layout (its own chunk): sidebar, top bar, the page, and live data. Only signed-in
 * screens query, so the query client is provided here rather than around the whole app.
 */
export default function SignedInApp({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <Shell>{children}</Shell>
    </QueryClientProvider>
  )
}

function Shell({ children }: { children: ReactNode }) {
  useRealtimeSync()
  // Online a moment after the room is up (a partner sees it a second later), not before it.
  const PresenceReports = useSettledPart(loadPresenceReports)
  const unread = useUnreadTitle()
  useOutboxSync()
  useSessionWatch()
  const drawer = !useMediaQuery(LARGE_SCREEN)
  const { isSidebarOpen } = useSnapshot(globalState)
  const { open: creatingRoom } = useSnapshot(createRoomState)
  const modal = (drawer && isSidebarOpen) || creatingRoom
  return (
    <div className="app-shell">
      {/* Behind an open drawer or the create-room panel (modal dialogs) the page is inert. */}
      {!modal && <SkipLink />}
      <Sidebar drawer={drawer} open={isSidebarOpen} inert={creatingRoom} />
      <div className="app-main" inert={modal || undefined}>
        <TopBar drawer={drawer} unread={unread} />
        <OfflineNotice inApp />
        <main className="page" id={MAIN_ID} tabIndex={-1}>
          {children}
        </main>
      </div>
      {PresenceReports && <PresenceReports />}
      {creatingRoom && (
        <Suspense>
          <CreateRoomPanel />
        </Suspense>
      )}
    </div>
  )
}
