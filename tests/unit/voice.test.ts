import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { isPlayableAudio } from '../../shared/media-box'
import { decodeWave, encodeWave, formatDuration, WAVE_BARS, WAVE_PATTERN } from '../../shared/voice'

// A voice message's metadata as the sender's browser makes it and every reader draws it.
describe('the waveform', () => {
  it('is 48 base-32 digits, the loudest stretch at 31, whatever the number of stretches', () => {
    fc.assert(
      fc.property(fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: 1 }), (l) => {
        const wave = encodeWave(l)
        expect(wave).toMatch(WAVE_PATTERN)
        const bars = decodeWave(wave)
        expect(bars).toHaveLength(WAVE_BARS)
        for (const b of bars) expect(b).toBeGreaterThanOrEqual(0)
        if (Math.max(...l) > 0) expect(Math.max(...bars)).toBe(1)
      }),
    )
  })

  it('keeps the shape: silence low, the loud half high, a quiet end in between', () => {
    const levels = [...Array(96).fill(0.8), ...Array(48).fill(0), ...Array(48).fill(0.2)]
    const bars = decodeWave(encodeWave(levels))
    expect(bars.slice(0, 24).every((b) => b === 1)).toBe(true)
    expect(bars.slice(24, 36).every((b) => b === 0)).toBe(true)
    expect(bars.slice(36).every((b) => Math.abs(b - 8 / 31) < 1e-9)).toBe(true)
  })

  it('all silence is a flat line, and so is a missing or malformed one', () => {
    expect(encodeWave([0, 0, 0])).toBe('0'.repeat(WAVE_BARS))
    for (const bad of [null, undefined, '', 'w'.repeat(48), '1'.repeat(47)])
      expect(decodeWave(bad)).toEqual(Array(WAVE_BARS).fill(0))
  })
})

describe('the clock', () => {
  it.each([
    [0, '0:00'],
    [999, '0:00'],
    [7_400, '0:07'],
    [754_000, '12:34'],
    [3_723_000, '1:02:03'],
    [-5, '0:00'],
  ])('%i ms shows as %s', (ms, shown) => expect(formatDuration(ms)).toBe(shown))
})

describe('what plays as sound', () => {
  it('any audio type, with or without parameters', () => {
    for (const t of ['audio/webm', 'audio/webm;codecs=opus', 'AUDIO/MPEG', 'audio/x-m4a'])
      expect(isPlayableAudio(t)).toBe(true)
  })

  it('a WebM or MP4 only with a length (a recording a backend typed as video)', () => {
    expect(isPlayableAudio('video/webm', 2000)).toBe(true)
    expect(isPlayableAudio('video/mp4;codecs=mp4a', 2000)).toBe(true)
    expect(isPlayableAudio('video/webm')).toBe(false)
    expect(isPlayableAudio('video/quicktime', 2000)).toBe(false)
    expect(isPlayableAudio('image/png', 2000)).toBe(false)
    expect(isPlayableAudio('application/pdf')).toBe(false)
  })
})
