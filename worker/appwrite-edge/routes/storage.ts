import { Hono } from 'hono'
import type { EdgeHono } from '../context'

// Placeholder until this area lands; unknown paths answer general_route_not_found.
const storage = new Hono<EdgeHono>()

export default storage
