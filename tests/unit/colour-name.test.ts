import { describe, expect, it } from 'vitest'
import { colourName } from '../../web/features/rooms/colour-name'

// The create-room panel's random colour, named for a screen reader.
describe('colourName', () => {
  it('names hues with their shade, greys, black and white', () => {
    const named = Object.entries({
      '#ff0000': 'red',
      '#4f46e5': 'blue',
      '#16a34a': 'green',
      '#1e3a8a': 'dark blue',
      '#fde68a': 'light yellow',
      '#f472b6': 'light pink',
      '#f97316': 'orange',
      '#7c3aed': 'purple',
      '#14b8a6': 'teal',
      '#808080': 'grey',
      '#000000': 'black',
      '#ffffff': 'white',
    })
    expect(named.map(([hex]) => [hex, colourName(hex)])).toEqual(named)
  })

  it('says nothing of what is not a #rrggbb colour', () => {
    expect(['blue', '#12345'].map(colourName)).toEqual(['', ''])
  })
})
