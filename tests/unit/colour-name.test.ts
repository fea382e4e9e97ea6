import { describe, expect, it } from 'vitest'
import { colourName } from '../../web/features/rooms/colour-name'

// The create-room panel's random colour, named for a screen reader.
describe('colourName', () => {
  it('names hues with their shade, greys, black and white', () => {
    expect(colourName('#ff0000')).toBe('red')
    expect(colourName('#4f46e5')).toBe('blue')
    expect(colourName('#16a34a')).toBe('green')
    expect(colourName('#1e3a8a')).toBe('dark blue')
    expect(colourName('#fde68a')).toBe('light yellow')
    expect(colourName('#f472b6')).toBe('light pink')
    expect(colourName('#f97316')).toBe('orange')
    expect(colourName('#7c3aed')).toBe('purple')
    expect(colourName('#14b8a6')).toBe('teal')
    expect(colourName('#808080')).toBe('grey')
    expect(colourName('#000000')).toBe('black')
    expect(colourName('#ffffff')).toBe('white')
  })

  it('says nothing of what is not a #rrggbb colour', () => {
    expect(colourName('blue')).toBe('')
    expect(colourName('#12345')).toBe('')
  })
})
