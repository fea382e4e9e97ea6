// The bench's anchor: a minimal React + TanStack Router + TanStack Query app. `/` shows a sign-in
// heading; `/room` renders 100 messages fetched through Query with one request after its JS
// loads (issue 17's anchor): the same rows the app's room shows, served by the bench.
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
      (await (await fetch('/messages.json')).json()) as { $id: string; message: string }[],
  })
  return (
    <ol role="log">
      {data.map((m) => (
        <li key={m.$id}>{m.message}</li>
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
