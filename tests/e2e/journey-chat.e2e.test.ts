import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  BEN,
  messageInLog,
  messageLog,
  onboardPair,
  sendMessage,
  startPair,
  type Pair,
} from './helpers/pair'

// Issue 5's journey, part one: two people sign up through the UI and talk, live, in Home and in a
// room one of them creates. Every step is what a person does in the browser.
let pair: Pair

beforeAll(async () => {
  pair = await startPair()
})

afterAll(async () => {
  await pair?.close()
})

describe('Ada and Ben in two browsers', () => {
  it('register through the UI, verify with the mailed links and sign in', async () => {
    const { ada, ben } = pair
    await onboardPair(pair)
    // Each sees the other in the header, on Home, with its message log.
    await expect.poll(() => ada.page.getByLabel('Chat partner').innerText()).toContain(BEN.name)
    await expect.poll(() => ben.page.getByLabel('Chat partner').innerText()).toContain('Ada')
    for (const { page } of [ada, ben]) {
      expect(new URL(page.url()).pathname).toBe('/')
      await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText()).toBe('Home')
      await messageLog(page).waitFor()
    }
  }, 90_000)

  it('chat both ways in Home; each message arrives live and shows exactly once', async () => {
    const { ada, ben } = pair
    const benUrl = ben.page.url()
    await sendMessage(ada.page, 'Hello Ben, are you there?')
    // Ben never reloads: the message arrives over realtime.
    await messageInLog(ben.page, 'Hello Ben, are you there?').waitFor()
    expect(ben.page.url()).toBe(benUrl)

    await sendMessage(ben.page, 'Right here, Ada.')
    await messageInLog(ada.page, 'Right here, Ada.').waitFor()

    // The sender's optimistic copy and the confirmed row (by fetch or realtime) are one row.
    for (const { page } of [ada, ben])
      await messageLog(page).getByText('Sending…').waitFor({ state: 'detached' })
    for (const { page } of [ada, ben]) {
      expect(await messageInLog(page, 'Hello Ben, are you there?').count()).toBe(1)
      expect(await messageInLog(page, 'Right here, Ada.').count()).toBe(1)
    }
  })

  it('shows Ben typing to Ada, and clears it when he empties the box', async () => {
    const { ada, ben } = pair
    const typing = ada.page.getByText(`${BEN.name} is typing…`)
    const box = ben.page.getByRole('textbox', { name: 'Message' })
    await box.pressSequentially('I was about to')
    await typing.waitFor()
    await box.fill('')
    await typing.waitFor({ state: 'detached' })
  })

  it('Ada creates a room in the side panel; both chat there, live', async () => {
    const { ada, ben } = pair
    await ada.page.getByRole('button', { name: 'Create a new room' }).click()
    const panel = ada.page.getByRole('dialog', { name: 'Create a new room' })
    await panel.getByLabel('Room name').fill('Garden')
    await panel.getByRole('button', { name: 'Create room' }).click()
    await panel.getByRole('status').filter({ hasText: 'The room "Garden" was created.' }).waitFor()
    // The panel stays open for another room, with the name cleared.
    expect(await panel.getByLabel('Room name').inputValue()).toBe('')
    await panel.getByRole('button', { name: 'Close panel' }).click()

    // The room appears in Ben's sidebar without a reload.
    const benLink = ben.page.getByRole('complementary', { name: 'Sidebar' }).getByRole('link', {
      name: 'Garden',
    })
    await benLink.click()
    await ada.page
      .getByRole('complementary', { name: 'Sidebar' })
      .getByRole('link', { name: 'Garden' })
      .click()
    for (const { page } of [ada, ben]) {
      await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText()).toBe('Garden')
      expect(new URL(page.url()).pathname).toMatch(/^\/rooms\/[^/]+$/)
    }
    expect(ada.page.url()).toBe(ben.page.url())

    await sendMessage(ada.page, 'Welcome to the garden')
    await messageInLog(ben.page, 'Welcome to the garden').waitFor()
    await sendMessage(ben.page, 'Lovely roses')
    await messageInLog(ada.page, 'Lovely roses').waitFor()
    // Home's messages stay in Home.
    expect(await messageInLog(ben.page, 'Right here, Ada.').count()).toBe(0)
  })
})
