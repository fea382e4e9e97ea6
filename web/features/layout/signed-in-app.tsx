import { lazy, Suspense, type ReactNode } from 'react'
import { useSnapshot } from 'valtio'
import { globalState } from '../../state/global-state'
import { usePresence } from '../presence/use-presence'
import { useRealtimeSync } from '../realtime/use-realtime-sync'
import { createRoomState } from '../rooms/create-room-state'
import { Sidebar } from './sidebar'
import { TopBar } from './top-bar'
import { LARGE_SCREEN, useMediaQuery } from './use-media-query'
import './layout.css'

const CreateRoomPanel = lazy(() => import('../rooms/create-room-panel'))

/** The signed-in layout (its own chunk): sidebar, top bar, the page, and live data. */
export default function SignedInApp({ children }: { children: ReactNode }) {
  useRealtimeSync()
  usePresence()
  const drawer = !useMediaQuery(LARGE_SCREEN)
  const { isSidebarOpen } = useSnapshot(globalState)
  const { open: creatingRoom } = useSnapshot(createRoomState)
  return (
    <div className="app-shell">
      <Sidebar drawer={drawer} open={isSidebarOpen} />
      <div className="app-main" inert={drawer && isSidebarOpen ? true : undefined}>
        <TopBar drawer={drawer} />
        <div className="page">{children}</div>
      </div>
      {creatingRoom && (
        <Suspense>
          <CreateRoomPanel />
        </Suspense>
      )}
    </div>
  )
}
