// Where a request comes from, as Cloudflare saw it (request.cf in the Worker). The Worker passes
// it to the Durable Object in the internal geo header; unknown parts keep Appwrite's defaults.
export type Geo = { countryCode: string; continentCode: string; eu: boolean }

const UNKNOWN: Geo = { countryCode: '--', continentCode: '--', eu: false }
const CODE = /^[A-Z]{2}$/

/** Worker side: the header value from request.cf (absent locally without geo data). */
export function geoHeader(cf: unknown): string {
  const c = (cf ?? {}) as Record<string, unknown>
  const country = typeof c.country === 'string' ? c.country.toUpperCase() : ''
  const continent = typeof c.continent === 'string' ? c.continent.toUpperCase() : ''
  return JSON.stringify({
    countryCode: CODE.test(country) ? country : UNKNOWN.countryCode,
    continentCode: CODE.test(continent) ? continent : UNKNOWN.continentCode,
    eu: c.isEUCountry === '1' || c.isEUCountry === true,
  } satisfies Geo)
}

/** Object side: the geo the Worker forwarded, validated again (it is only a header). */
export function readGeo(value: string | null | undefined): Geo {
  try {
    const g = JSON.parse(value ?? '') as Partial<Geo>
    return {
      countryCode: CODE.test(g.countryCode ?? '') ? g.countryCode! : UNKNOWN.countryCode,
      continentCode: CODE.test(g.continentCode ?? '') ? g.continentCode! : UNKNOWN.continentCode,
      eu: g.eu === true,
    }
  } catch {
    return UNKNOWN
  }
}

const CONTINENTS: Record<string, string> = {
  AF: 'Africa',
  AN: 'Antarctica',
  AS: 'Asia',
  EU: 'Europe',
  NA: 'North America',
  OC: 'Oceania',
  SA: 'South America',
}

export const continentName = (code: string) => CONTINENTS[code] ?? 'Unknown'

export function countryName(code: string): string {
  if (!CODE.test(code.toUpperCase())) return 'Unknown'
  try {
    const name = new Intl.DisplayNames(['en'], { type: 'region' }).of(code.toUpperCase())
    return name && name !== code.toUpperCase() ? name : 'Unknown'
  } catch {
    return 'Unknown'
  }
}

// ISO 4217 currency of the countries most likely to show up; others answer '' as Appwrite does
// for a country it has no currency for.
const EURO = 'AD AT BE CY DE EE ES FI FR GR HR IE IT LT LU LV MC ME MT NL PT SI SK SM VA XK'
const OTHERS =
  'AE:AED AR:ARS AU:AUD BD:BDT BG:BGN BR:BRL CA:CAD CH:CHF CL:CLP CN:CNY CO:COP CZ:CZK DK:DKK ' +
  'EG:EGP GB:GBP HK:HKD HU:HUF ID:IDR IL:ILS IN:INR IS:ISK JP:JPY KE:KES KR:KRW LI:CHF MA:MAD ' +
  'MX:MXN MY:MYR NG:NGN NO:NOK NZ:NZD PE:PEN PH:PHP PK:PKR PL:PLN RO:RON RS:RSD RU:RUB SA:SAR ' +
  'SE:SEK SG:SGD TH:THB TR:TRY TW:TWD UA:UAH US:USD VN:VND ZA:ZAR'
const CURRENCIES = new Map<string, string>([
  ...EURO.split(' ').map((c): [string, string] => [c, 'EUR']),
  ...OTHERS.split(' ').map((pair) => pair.split(':') as [string, string]),
])

export const currencyOf = (countryCode: string) => CURRENCIES.get(countryCode.toUpperCase()) ?? ''
