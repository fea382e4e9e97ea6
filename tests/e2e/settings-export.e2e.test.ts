import { mkdtemp, readFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { HOME_ROOM_ID } from '../../shared/constants'
import { postMessagesAs } from './helpers/chat-view'
import { messageInLog, sendMessage, useOnboardedPair } from './helpers/pair'
import { signedInMarker } from './helpers/users'

// Settings' "Your data": the rooms' whole histories as a text file, downloaded in the browser.
const pair = useOnboardedPair()
// A retry's messages are its own: the file then holds the first attempt's too.
let attempt = 0

describe('exporting the chat history', () => {
  it('downloads every message of every room, oldest first, past the first page', async () => {
    const { ada, ben, server } = pair
    const tag = `#${++attempt}`
    // A retry starts in the room, where the first attempt's Settings page was left.
    if (attempt > 1) await ada.page.goto(server.url)
    // More than a page of 100, then a message of Ada's own with its formatting as typed.
    const lines = Array.from({ length: 130 }, (_, i) => `Line ${i + 1} ${tag}`)
    await postMessagesAs(ben.page, server.url, HOME_ROOM_ID, lines)
    await messageInLog(ada.page, `Line 130 ${tag}`).waitFor()
    await sendMessage(ada.page, `Got *all* of them ${tag}`)
    await messageInLog(ben.page, `Got all of them ${tag}`).waitFor()

    await signedInMarker(ada.page).click()
    await ada.page.getByRole('menuitem', { name: 'Settings' }).click()
    const section = ada.page.getByRole('region', { name: 'Your data' })
    const download = ada.page.waitForEvent('download')
    await section.getByRole('button', { name: 'Export chat history' }).click()
    const file = await download
    expect(file.suggestedFilename()).toMatch(/^kathelia-chats-\d{4}-\d\d-\d\d\.txt$/)
    // The browser runs apart from the test: the file is copied out of it.
    const saved = join(await mkdtemp(join(tmpdir(), 'export-')), file.suggestedFilename())
    await file.saveAs(saved)
    const text = await readFile(saved, 'utf8')
    await section.getByText('Your chat history is in your downloads.').waitFor()

    const rows = text.split('\n')
    expect(rows[0]).toMatch(/^Kathelia: the chat history of Ada Lovelace, exported /)
    expect(rows).toContain('== Home ==')
    const said = rows.filter((r) => / Ben Franklin: Line \d+ #\d+$/.test(r) && r.endsWith(tag))
    expect(said.map((r) => r.replace(/^.* Ben Franklin: /, ''))).toEqual(lines)
    const mine = rows.findIndex((r) => r.endsWith(` Ada Lovelace: Got *all* of them ${tag}`))
    expect(mine).toBeGreaterThan(rows.indexOf(said.at(-1)!))
    // The onboarding's notices are in it too, as the room shows them.
    expect(rows.some((r) => r.endsWith('— Ben Franklin joined Kathelia'))).toBe(true)
  })
})
