import { expect, it } from 'vitest'
import { HOME_ROOM_ID } from '../../shared/constants'
import { jwtOf, postMessage, readMarksOf, readToNewest } from './helpers/history'
import { ADA, BEN, messageInLog, useOnboardedPair } from './helpers/pair'
import { signedInMarker, signInViaUi } from './helpers/users'

// A laptop the two of them share: what one has read on it is not the other's. The marks this
// browser keeps of what was seen are per user (shared/read-marks.ts); they were one set, and
// Ada's reading of her own messages hid them from Ben as unread.
const pair = useOnboardedPair()

it('after Ada signs out, Ben signing in on her browser sees her messages as new', async () => {
  const { page } = pair.ada
  const { url } = pair.server
  // Ben has read the room to its end (on his phone), and is elsewhere since.
  await pair.ben.page.goto('about:blank')
  const jwt = await jwtOf(url, ADA)
  await postMessage(url, jwt, { roomId: HOME_ROOM_ID, message: 'Before' })
  await readToNewest(url, await jwtOf(url, BEN), HOME_ROOM_ID)
  const texts = ['For Ben 1', 'For Ben 2', 'For Ben 3']
  for (const message of texts) await postMessage(url, jwt, { roomId: HOME_ROOM_ID, message })
  await messageInLog(page, texts[2]!).waitFor()
  const newest = Number(
    await messageInLog(page, texts[2]!)
      .locator('xpath=ancestor::*[@data-seq][1]')
      .getAttribute('data-seq'),
  )
  // Seen here by Ada, her own messages (the list at its bottom marks what it shows).
  await expect.poll(async () => (await readMarksOf(page)).home).toBe(newest)
  await page.getByRole('button', { name: 'Profile menu' }).click()
  await page.getByRole('menuitem', { name: 'Logout' }).click()
  await page.getByRole('heading', { name: 'Sign in to your account' }).waitFor()
  await signInViaUi(page, url, BEN.email, BEN.password)
  await signedInMarker(page).waitFor()
  const line = page.getByRole('log').locator('.unread-divider')
  await line.waitFor()
  expect(await line.innerText()).toBe('3 new messages')
  // The line is over the first of them.
  const below = line.locator('xpath=following::*[contains(@class, "msg-text")][1]')
  expect(await below.innerText()).toBe(texts[0])
})
