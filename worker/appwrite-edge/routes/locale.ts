import { Hono } from 'hono'
import type { EdgeHono } from '../context'
import { INTERNAL } from '../context'
import { continentName, countryName, currencyOf, readGeo } from '../account/geo'

// /v1/locale: where the caller is, from Cloudflare's request geo (guests allowed, scope
// locale.read). Unknown parts answer Appwrite's defaults: `--`, "Unknown", no currency.
const locale = new Hono<EdgeHono>().get('/', (c) => {
  const geo = readGeo(c.req.header(INTERNAL.geo))
  return c.json(
    {
      ip: c.var.edge.ip,
      countryCode: geo.countryCode,
      country: countryName(geo.countryCode),
      continentCode: geo.continentCode,
      continent: continentName(geo.continentCode),
      eu: geo.eu,
      currency: currencyOf(geo.countryCode),
    },
    200,
  )
})

export default locale
