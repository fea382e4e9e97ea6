/** At most 20rem (320px) wide and high, never enlarged: a picture's box is known before it loads. */
const BOX = 320
export const shownWidth = (width: number, height: number) =>
  Math.max(1, Math.round(Math.min(width, BOX, (BOX * width) / height)))
