// The bench's anchor: a minimal React + TanStack Router + TanStack Query app. `/` shows a sign-in
// heading; `/room` renders 100 messages fetched through Query, like a room of the real app.
import { QueryClient, QueryClientProvider, useSuspenseQuery } from '@tanstack/react-query'
import {
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router'
import { Suspense } from 'react'
import { createRoot } from 'react-dom/client'

const queryClient = new QueryClient()
const rootRoute = createRootRoute({ component: () => <Outlet /> })
const signIn = createRoute({
  getParentRoute: () => rootRoute,
  path: '/',
  component: () => <h1>Sign in to your account</h1>,
})
const room = createRoute({
  getParentRoute: () => rootRoute,
  path: '/room',
  component: () => (
    <Suspense fallback={<p>Loading</p>}>
      <Messages />
    </Suspense>
  ),
})

function Messages() {
  const { data } = useSuspenseQuery({
    queryKey: ['messages'],
    queryFn: async () =>
      Array.from({ length: 100 }, (_, i) => ({ id: String(i), text: `Message number ${i}` })),
  })
  return (
    <ol role="log">
      {data.map((m) => (
        <li key={m.id}>{m.text}</li>
      ))}
    </ol>
  )
}

const router = createRouter({ routeTree: rootRoute.addChildren([signIn, room]) })
createRoot(document.getElementById('root')!).render(
  <QueryClientProvider client={queryClient}>
    <RouterProvider router={router} />
  </QueryClientProvider>,
)
