// Draws the app icon (build/icon.png, 512 px, electron-builder derives .ico/.icns from it) and the tray image
// (resources/tray.png, 32 px): a green rounded square with three "patch cords" (a switchboard). Re-run after a
// design change: `node scripts/make-icons.mjs`.
import { Jimp } from 'jimp'
import { mkdirSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const GREEN = 0x0b7a5aff
const WHITE = 0xffffffff

function draw(size) {
  const img = new Jimp({ width: size, height: size, color: 0x00000000 })
  const r = size * 0.2
  const inside = (x, y) => {
    const cx = Math.min(Math.max(x, r), size - r)
    const cy = Math.min(Math.max(y, r), size - r)
    return (x - cx) ** 2 + (y - cy) ** 2 <= r * r
  }
  const rows = [0.3, 0.5, 0.7]
  const lineHalf = size * 0.045
  const dot = size * 0.085
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      if (!inside(x + 0.5, y + 0.5)) continue
      let color = GREEN
      rows.forEach((ry, i) => {
        const cy = ry * size
        // A cord from a jack on the left to a jack on the right, the middle one offset like a patch.
        const left = size * (0.22 + (i === 1 ? 0.12 : 0))
        const right = size * (0.78 - (i === 1 ? 0 : 0.12))
        if (Math.abs(y - cy) <= lineHalf && x >= left && x <= right) color = WHITE
        if ((x - left) ** 2 + (y - cy) ** 2 <= dot * dot || (x - right) ** 2 + (y - cy) ** 2 <= dot * dot) color = WHITE
      })
      img.setPixelColor(color, x, y)
    }
  }
  return img
}

for (const [file, size] of [['build/icon.png', 512], ['resources/tray.png', 32], ['resources/icon.png', 256]]) {
  const out = join(root, file)
  mkdirSync(dirname(out), { recursive: true })
  await draw(size).write(out)
  console.log(`wrote ${file}`)
}
